/** The emulator's clock: real time plus an offset tests can advance, so expiry and cooldowns are testable end to end. */
export interface EmulatorClock {
  now(): number;
  /** Moves the clock forward; a negative or non-finite amount is refused by the caller. */
  advance(milliseconds: number): void;
  /** Back to real time. */
  reset(): void;
}

export function createClock(base: () => number = Date.now): EmulatorClock {
  let offset = 0;
  return {
    now: () => base() + offset,
    advance: (milliseconds) => { offset += milliseconds; },
    reset: () => { offset = 0; },
  };
}
