/**
 * A form's submit while the form is not ready (spec 3 and 5: disabled until the form is valid; issues 30 and
 * 34): it is `aria-disabled`, not `disabled`, so it stays in the tab order, says why (its description: a
 * lead-in, then the label of each field or the rule still missing) and a press or an Enter is refused with the
 * messages shown and announced, instead of doing nothing. The page's pre-paint gate (src/hydration/form-gate.ts)
 * and the awake island compute it alike: from the gaps (the fields or rules not met, by the validators' one
 * definition) and the ids of the elements that name each gap.
 *
 * The gaps are named by keys; the element that names a gap carries `data-gap="key"` and an id.
 */
export interface SubmitGate {
  'aria-disabled': 'true' | 'false';
  /** Always a string once computed: React then writes it over what the pre-paint gate left. */
  'aria-describedby': string;
}

/** The submit's attributes: disabled with its reasons while anything is missing. */
export function submitGate(reasonId: string, missingIds: readonly string[]): SubmitGate {
  return missingIds.length > 0
    ? { 'aria-disabled': 'true', 'aria-describedby': [reasonId].concat(missingIds).join(' ') }
    : { 'aria-disabled': 'false', 'aria-describedby': '' };
}

/** The field names whose rule (a validator: null when the value is good) refuses their value. */
export function fieldGaps(rules: Readonly<Record<string, (value: string) => string | null>>, valueOf: (name: string) => string): string[] {
  return Object.keys(rules).filter((name) => {
    const rule = rules[name];
    return rule !== undefined && rule(valueOf(name)) !== null;
  });
}

/**
 * The event the engage directive sends a gated form whose island's code did not come: a form that works without
 * its island (login) is the plain HTML form again (native validation, an enabled button); any other keeps its
 * submit disabled (nothing could send it) beside the directive's message with Reload.
 */
export const GATE_RELEASE = 'portal-gate-release';
