import { useEffect, useState } from 'react';

/** Whole seconds until `at` (epoch ms), counting down once a second; 0 or less once it has passed. */
export function useSecondsUntil(at: number): number {
  const [, setTick] = useState(0);
  // The countdown is the clock itself, read at each render; the timer only asks for the next render.
  // eslint-disable-next-line react-hooks/purity
  const seconds = Math.ceil((at - Date.now()) / 1000);
  useEffect(() => {
    if (seconds <= 0) return undefined;
    const timer = window.setTimeout(() => { setTick((tick) => tick + 1); }, 1000);
    return () => { window.clearTimeout(timer); };
  }, [seconds, at]);
  return seconds;
}
