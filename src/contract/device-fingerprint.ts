import { z } from 'zod';

/** The device fingerprint, sent form-encoded (spec 3). */
export const deviceFingerprintSchema = z.strictObject({
  fp_browser: z.string().max(1000),
  fp_display: z.string().max(100),
  fp_software: z.string().max(1000),
  fp_timezone: z.string().max(20),
  fp_language: z.string().max(200),
  fp_java: z.string().max(10),
  fp_cookie: z.string().max(10),
});
export type DeviceFingerprint = z.infer<typeof deviceFingerprintSchema>;
