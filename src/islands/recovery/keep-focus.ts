import type { MouseEvent } from 'react';

/**
 * A press on one of the step's buttons or links keeps the focus in the field: leaving a field shows its message, which
 * moved the button or link down from under the pointer between press and release, and the click was lost (typing
 * "12" and pressing Return to previous page did nothing). Keyboard users leave by Tab, which still shows it.
 */
export function keepFocusOnButtonPress(event: MouseEvent<HTMLFormElement>): void {
  if (event.target instanceof Element && event.target.closest('button, a[href]') && document.activeElement instanceof HTMLInputElement) event.preventDefault();
}
