/** A value loaded once, on first use: a lazily imported module, or what is made from one. */
export interface Lazy<T> {
  /** Starts the load (once) and gives its promise. */
  load: () => Promise<T>;
  /** The value once it has loaded, else undefined: code that must not wait (a page unloading) uses it at once. */
  loaded: () => T | undefined;
  /** Runs `use` with the value: at once when loaded, else when the load ends. */
  use: (use: (value: T) => void) => void;
}

/** Wraps a loader (usually `() => import('./x.ts')`) so it runs once and its value is kept. */
export function lazy<T>(loader: () => Promise<T>): Lazy<T> {
  let promise: Promise<T> | undefined;
  let value: { current: T } | undefined;
  const load = () => (promise ??= loader().then((loadedValue) => {
    value = { current: loadedValue };
    return loadedValue;
  }));
  return {
    load,
    loaded: () => value?.current,
    use: (use) => {
      if (value) use(value.current);
      else void load().then(use);
    },
  };
}
