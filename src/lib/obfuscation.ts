// The service's obfuscation of passcodes and contact values (spec 3, 9): three random characters
// followed by the value's base64. Not encryption: it keeps values out of casual logs and URLs.

const PREFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function randomPrefix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  return [...bytes].map((byte) => PREFIX_ALPHABET[byte % PREFIX_ALPHABET.length]).join('');
}

/** Obfuscates a value (UTF-8 safe). */
export function obfuscate(value: string): string {
  return `${randomPrefix()}${toBase64(value)}`;
}

/** Reverses {@link obfuscate}; null for malformed input instead of throwing. */
export function deobfuscate(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length < 4) return null;
  const encoded = value.slice(3);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return null;
  try {
    const binary = atob(encoded);
    const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
