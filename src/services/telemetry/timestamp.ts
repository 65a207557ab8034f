const pad = (value: number, width = 2) => String(Math.abs(value)).padStart(width, '0');

/**
 * Formats a date as yyyy-MM-dd'T'HH:mm:ssxxx in the visitor's time zone (spec 9), e.g.
 * 2026-11-22T12:05:09+01:00. An invalid date throws 'Invalid time value' (spec 8).
 */
export function formatTimestamp(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  // The wall-clock fields come from the same offset that is printed, so the two always agree.
  const local = new Date(date.getTime() + offset * 60_000);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}
