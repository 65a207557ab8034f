import { z } from 'zod/mini';

// What the metrics endpoints accept: any JSON object with its statsType (payload builders in
// src/services/telemetry/ give the fields of spec 3). Bounded so nobody can store megabytes.
export const statisticsPayloadSchema = z.record(z.string().check(z.maxLength(100)), z.unknown()).check(
  z.refine((payload) => JSON.stringify(payload).length <= 16_384, 'payload larger than 16 KiB'),
);
export type StatisticsPayload = z.infer<typeof statisticsPayloadSchema>;
