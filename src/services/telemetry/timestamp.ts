const pad = (value: number, width = 2) => String(Math.abs(value)).padStart(width, '0');

/**
 * Formats a date as yyyy-MM-dd'T'HH:mm:ssxxx in the visitor's time zone (spec 9), e.g.
 * 2026-11-22T12:05:09+01:00. An invalid date throws 'Invalid time value' (spec 8).
 */
export function formatTimestamp(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}
