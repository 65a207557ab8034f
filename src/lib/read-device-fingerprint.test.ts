import { expect, test } from 'vitest';
import { deviceFingerprintSchema } from '../contract/device-fingerprint.ts';
import { collectFingerprint, encodeFingerprint } from './read-device-fingerprint.ts';

test('collects the fp_ fields and encodes them as a form', () => {
  const fingerprint = collectFingerprint({
    userAgent: 'UA/1.0', languages: ['de-DE', 'en'], plugins: ['PDF Viewer'],
    screen: { width: 390, height: 844, colorDepth: 24 }, timezoneOffsetMinutes: -60, cookieEnabled: true,
  });
  expect(deviceFingerprintSchema.parse(fingerprint)).toEqual({
    fp_browser: 'UA/1.0', fp_display: '24|390|844', fp_software: 'PDF Viewer', fp_timezone: '1', fp_language: 'de-DE,en', fp_java: 'false', fp_cookie: 'true',
  });
  expect(encodeFingerprint(fingerprint)).toBe('fp_browser=UA%2F1.0&fp_display=24%7C390%7C844&fp_software=PDF+Viewer&fp_timezone=1&fp_language=de-DE%2Cen&fp_java=false&fp_cookie=true');
});
