// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { CODE_FAILURE_TEMPLATE, codeFailureMarkup, codeFailureNotice } from './code-failure-notice.ts';

beforeEach(() => {
  const template = document.createElement('template');
  template.id = CODE_FAILURE_TEMPLATE;
  template.innerHTML = codeFailureMarkup({ message: 'This page could not <finish> loading & more.', tryAgain: 'Try again', reload: 'Reload' });
  document.body.append(template);
});
afterEach(() => {
  document.body.replaceChildren();
});

const buttons = (notice: HTMLElement) => [...notice.querySelectorAll('button')].map((button) => `${button.textContent ?? ''} (${button.className}, ${button.type})`);

test('the directive’s notice: the page’s message as text, announced, with Reload alone', () => {
  const notice = codeFailureNotice();
  expect(notice.getAttribute('role')).toBe('alert');
  expect(notice.className).toBe('alert alert--danger code-failure');
  expect(notice.querySelector('p')?.textContent).toBe('This page could not <finish> loading & more.');
  expect(buttons(notice)).toEqual(['Reload (button, button)']);
  const reload = vi.fn();
  vi.stubGlobal('location', { reload });
  notice.querySelector('button')?.click();
  vi.unstubAllGlobals();
  expect(reload).toHaveBeenCalledOnce();
});

test('a card’s notice offers Try again first, which calls the retry, and Reload after it', () => {
  const retry = vi.fn();
  const notice = codeFailureNotice(retry);
  expect(buttons(notice)).toEqual(['Try again (button, button)', 'Reload (button, button)']);
  expect(notice.querySelector('.code-failure__actions .button + .button')?.textContent).toBe('Reload');
  notice.querySelector('button')?.click();
  expect(retry).toHaveBeenCalledOnce();
});

test('each notice is a fresh copy: the template itself is never shown or changed', () => {
  const first = codeFailureNotice();
  document.body.append(first, codeFailureNotice(() => undefined));
  expect(document.querySelectorAll('[role=alert]')).toHaveLength(2);
  expect(document.querySelectorAll(`#${CODE_FAILURE_TEMPLATE} button`)).toHaveLength(0);
  expect((document.getElementById(CODE_FAILURE_TEMPLATE) as HTMLTemplateElement).content.querySelectorAll('button')).toHaveLength(2);
});
