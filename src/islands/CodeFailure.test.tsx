// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { CODE_FAILURE_TEMPLATE, codeFailureMarkup, codeFailureNotice } from '../lib/code-failure-notice.ts';
import CodeFailure from './CodeFailure.tsx';

afterEach(cleanup);

test('the island shows the page’s notice, element for element, and Try again calls the retry it was last given', () => {
  const template = document.createElement('template');
  template.id = CODE_FAILURE_TEMPLATE;
  template.innerHTML = codeFailureMarkup({ message: 'This page could not finish loading.', tryAgain: 'Try again', reload: 'Reload' });
  document.head.append(template);
  const first = vi.fn();
  const second = vi.fn();
  const { container, rerender } = render(<CodeFailure onTryAgain={first} />);
  expect(container.firstElementChild?.innerHTML).toBe(codeFailureNotice(() => undefined).outerHTML);
  rerender(<CodeFailure onTryAgain={second} />);
  screen.getByRole('button', { name: 'Try again' }).click();
  expect(first).not.toHaveBeenCalled();
  expect(second).toHaveBeenCalledOnce();
  expect(screen.getAllByRole('alert')).toHaveLength(1);
  expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Try again', 'Reload']);
});
