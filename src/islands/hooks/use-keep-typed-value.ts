import { useLayoutEffect } from 'react';

/**
 * Keeps what a visitor (or a password manager) typed into a field before the island hydrated:
 * on mount, a non-empty DOM value is taken into React state instead of being reset. A layout effect, so the
 * state has it before the hydrating commit ends: a click or an Enter held for the island and replayed right
 * after (the engage directive) is handled with the typed values, not the empty ones the HTML was built with.
 *
 * A value found there was put in by the visitor (a paste, a fill, fast typing): it is a change like any typed
 * one, so `onKept` is told, with whether the visitor has left the field already (a Tab before the island woke).
 * The field's rule "touched and changed" then holds as it would have for typing.
 */
export function useKeepTypedValue(
  ref: { current: HTMLInputElement | null },
  value: string,
  setValue: (value: string) => void,
  onKept?: (left: boolean) => void,
): void {
  useLayoutEffect(() => {
    const field = ref.current;
    const typed = field?.value ?? '';
    if (typed === '' || typed === value) return;
    setValue(typed);
    onKept?.(field !== document.activeElement);
    // Only on mount: afterwards React owns the value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
