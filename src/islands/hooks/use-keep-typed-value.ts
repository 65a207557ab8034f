import { useLayoutEffect } from 'react';

/**
 * Keeps what a visitor (or a password manager) typed into a field before the island hydrated:
 * on mount, a non-empty DOM value is taken into React state instead of being reset. A layout effect, so the
 * state has it before the hydrating commit ends: a click or an Enter held for the island and replayed right
 * after (the engage directive) is handled with the typed values, not the empty ones the HTML was built with.
 */
export function useKeepTypedValue(ref: { current: HTMLInputElement | null }, value: string, setValue: (value: string) => void): void {
  useLayoutEffect(() => {
    const typed = ref.current?.value ?? '';
    if (typed !== '' && typed !== value) setValue(typed);
    // Only on mount: afterwards React owns the value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
