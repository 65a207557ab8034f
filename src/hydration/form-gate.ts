import { GATE_RELEASE, submitGate } from '../lib/form-gate.ts';

/**
 * The pre-paint gate of a form whose island is still asleep (issue 30): an inline classic script in the page's
 * head (its entry in ./gates/ is compiled to ES5 at build time, `?pre-paint`). It keeps the submit
 * `aria-disabled` with its reasons (src/lib/form-gate.ts) from the first paint until the form is valid, as the
 * island will once awake, and turns the browser's own validation off, so that an invalid submit reaches the
 * engage directive, which holds it and wakes the island to refuse it with the messages.
 *
 * From the head it watches the parser: a mutation observer's callback runs at the end of the parser's task that
 * inserted the submit, before the browser can paint it (an inline script after the form ran too late whenever
 * the parser yielded in between). The form's fields and the submit's lead-in come before the submit.
 *
 * It does nothing in a browser that cannot run an island (no ES modules): there the plain form works as
 * without script. It stops once the island is awake (it owns the button then), and lets go when the directive
 * says the island's code never came (`GATE_RELEASE`). Without script, nothing of it is in the page.
 */
export function gateForm(selector: string, gaps: (valueOf: (name: string) => string, form: HTMLFormElement) => string[], native?: boolean): void {
  if (!('noModule' in document.createElement('script'))) return;
  const start = (): boolean => {
    const form = document.querySelector<HTMLFormElement>(selector);
    const island = form && form.closest('astro-island');
    const button = form && form.querySelector('button[type=submit]');
    const reason = form && form.querySelector('[data-gate-reason]');
    if (!form || !island || !button || !reason) return false;
    let released = false;
    const update = () => {
      if (released || !island.hasAttribute('ssr')) return;
      const missing = gaps((name) => {
        const field = form.elements.namedItem(name);
        return field instanceof HTMLInputElement ? field.value : '';
      }, form);
      // A gap nothing names yet (a message only the island shows) still holds the button.
      const gate = submitGate(reason.id, missing.map((gap) => {
        const named = form.querySelector(`[data-gap="${gap}"]`);
        return named ? named.id : '';
      }));
      for (const name of Object.keys(gate) as Array<keyof typeof gate>) button.setAttribute(name, gate[name]);
    };
    form.noValidate = true;
    form.addEventListener('input', update);
    form.addEventListener('change', update);
    // Values the page's own scripts put in once the page is parsed (change password's user id).
    document.addEventListener('DOMContentLoaded', update);
    form.addEventListener(GATE_RELEASE, () => {
      released = true;
      if (!native) {
        button.setAttribute('aria-disabled', 'true');
        return;
      }
      button.removeAttribute('aria-disabled');
      button.removeAttribute('aria-describedby');
      form.noValidate = false;
    });
    update();
    return true;
  };
  if (start()) return;
  const parsing = new MutationObserver(() => { if (start()) parsing.disconnect(); });
  parsing.observe(document, { childList: true, subtree: true });
}
