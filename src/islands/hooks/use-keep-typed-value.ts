import { useEffect } from 'react';

/**
 * Keeps what a visitor (or a password manager) typed into a field before the island hydrated:
 * on mount, a non-empty DOM value is taken into React state instead of being reset.
 */
export function useKeepTypedValue(ref: { current: HTMLInputElement | null }, value: string, setValue: (value: string) => void): void {
  useEffect(() => {
    const typed = ref.current?.value ?? '';
    if (typed !== '' && typed !== value) setValue(typed);
    // Only on mount: afterwards React owns the value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
