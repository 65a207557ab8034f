import { z } from 'zod/mini';

/** The device fingerprint, sent form-encoded (spec 3). */
export const deviceFingerprintSchema = z.strictObject({
  fp_browser: z.string().check(z.maxLength(1000)),
  fp_display: z.string().check(z.maxLength(100)),
  fp_software: z.string().check(z.maxLength(1000)),
  fp_timezone: z.string().check(z.maxLength(20)),
  fp_language: z.string().check(z.maxLength(200)),
  fp_java: z.string().check(z.maxLength(10)),
  fp_cookie: z.string().check(z.maxLength(10)),
});
export type DeviceFingerprint = z.infer<typeof deviceFingerprintSchema>;
