import type { IncomingMessage, ServerResponse } from 'node:http';
import { statisticsPayloadSchema } from '../../../src/contract/statistics.ts';
import { EmulatorHttpError, parseJson, readBody, sendJson } from '../http-utils.ts';
import { MAX_RECORDS } from '../state.ts';
import type { EmulatorState } from '../state.ts';

/** The statistics endpoints (src/services/telemetry/endpoints.ts and spec 7's list). */
const METRICS_PATHS = [
  /^\/nxn-metrics\/analytics\/metrics$/, /^\/nxn-service\/public\/logDpStats\/[\w.%-]+$/, /^\/app\/pmg\/nxn-metrics\/analytics\/?$/,
  /^\/DPMonitor\/rest\/v1\/dpevents\/?$/, /^\/nxn-service\/public\/clickMonitor$/, /^\/nxn-service\/httpUsageStatus\/store$/,
  /^\/nxn-service\/stateUsageStatus\/store$/,
];

/** Accepts and records every statistics payload; false for other paths. */
export async function handleMetrics(state: EmulatorState, req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
  if (req.method !== 'POST' || !METRICS_PATHS.some((pattern) => pattern.test(path))) return false;
  const text = await readBody(req);
  if (text === '') throw new EmulatorHttpError(400, 'BAD_REQUEST', 'statistics body is not JSON');
  const payload = parseJson(text);
  const parsed = statisticsPayloadSchema.safeParse(payload);
  if (!parsed.success) throw new EmulatorHttpError(400, 'BAD_REQUEST', parsed.error.issues[0]?.message ?? 'invalid statistics payload', '(body)');
  state.stats.push({ endpoint: path, payload: parsed.data, at: new Date().toISOString() });
  if (state.stats.length > MAX_RECORDS) state.stats.shift();
  sendJson(res, 200, { result: 'SUCCESS' });
  return true;
}
