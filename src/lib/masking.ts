/** E-mail masking (spec 5): first and last character of the local part, stars between, domain kept. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '*'.repeat(Math.min(Array.from(email).length, 8));
  const local = Array.from(email.slice(0, at));
  const domain = email.slice(at);
  if (local.length <= 2) return `${local[0] ?? ''}${'*'.repeat(Math.max(local.length - 1, 1))}${domain}`;
  return `${local[0]}${'*'.repeat(local.length - 2)}${local[local.length - 1]}${domain}`;
}

/** Phone masking (spec 5): the part after the last hyphen, only its last 2 characters shown. */
export function maskPhone(phone: string): string {
  const part = Array.from(phone.split('-').pop() ?? '');
  if (part.length <= 2) return '*'.repeat(part.length);
  return `${'*'.repeat(part.length - 2)}${part.slice(-2).join('')}`;
}

/** The SMS number on the verify step (spec 5): a plus sign and the last 4 digits. */
export function maskSmsNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `+${'*'.repeat(Math.max(digits.length - 4, 0) > 0 ? 3 : 0)}${digits.slice(-4)}`;
}
