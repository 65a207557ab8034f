import type { DeviceFingerprint } from '../contract/device-fingerprint.ts';

/** What the fingerprint reads from the browser; passed in so it is testable. */
export interface FingerprintSource {
  userAgent: string;
  languages: readonly string[];
  plugins: readonly string[];
  screen: { width: number; height: number; colorDepth: number };
  timezoneOffsetMinutes: number;
  cookieEnabled: boolean;
}

/** The device fingerprint of spec 3. */
export function collectFingerprint(source: FingerprintSource): DeviceFingerprint {
  return {
    fp_browser: source.userAgent.slice(0, 1000),
    fp_display: `${source.screen.colorDepth}|${source.screen.width}|${source.screen.height}`,
    fp_software: source.plugins.join(';').slice(0, 1000),
    fp_timezone: String(-source.timezoneOffsetMinutes / 60),
    fp_language: source.languages.join(',').slice(0, 200),
    fp_java: 'false',
    fp_cookie: source.cookieEnabled ? 'true' : 'false',
  };
}

/** The fingerprint form-encoded, as the service takes it in `devicePrint`. */
export function encodeFingerprint(fingerprint: DeviceFingerprint): string {
  return new URLSearchParams(Object.entries(fingerprint)).toString();
}

/** Reads the source from the running browser. */
export function browserFingerprintSource(): FingerprintSource {
  return {
    userAgent: navigator.userAgent,
    // Older browsers have no `languages` list, only `language` (the DOM types say it is always there).
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    languages: navigator.languages ?? [navigator.language],
    // Browsers now report a fixed plugin list; the PDF viewer flag is what is left of it.
    plugins: navigator.pdfViewerEnabled ? ['PDF Viewer'] : [],
    screen: { width: screen.width, height: screen.height, colorDepth: screen.colorDepth },
    timezoneOffsetMinutes: new Date().getTimezoneOffset(),
    cookieEnabled: navigator.cookieEnabled,
  };
}
