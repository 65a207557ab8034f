/**
 * `run(key)`, once `key` has had no new call for `ms`. An editor's save can be several writes (a truncate, then
 * the text), each with its own watcher event, and a read between them sees an empty or half-written file: the
 * loaders read a file only once its writes have settled.
 */
export function whenSettled(run: (key: string) => void, ms = 60): (key: string) => void {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  return (key) => {
    clearTimeout(timers.get(key));
    timers.set(key, setTimeout(() => {
      timers.delete(key);
      run(key);
    }, ms));
  };
}
