/**
 * What counts as the visitor engaging with a page or one of its islands: a focus, a press, a key, or a value
 * typed or filled in (a browser's autofill fills a field without a focus or a key). The engage directive wakes
 * an island on these; the recovery page records its page view (and fetches its later steps) on the same ones.
 */
export const ENGAGE_EVENTS = ['focusin', 'pointerdown', 'keydown', 'input'] as const;
