import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EmulatorClock } from '../clock.ts';
import { EmulatorHttpError, readBody, sendJson } from '../http-utils.ts';
import type { EmulatorState } from '../state.ts';

/** What the inspection endpoints reach: the state, the clock, and a reset of everything. */
export interface InspectionContext {
  state: EmulatorState;
  clock: EmulatorClock;
  reset: () => void;
}

/** Longest single clock jump, so a typo cannot push the clock years ahead. */
const MAX_ADVANCE_SECONDS = 7 * 24 * 3600;

/** The emulator's own endpoints for tests: outbox, stats, reset, answering calls, moving the clock on. */
export async function handleInspection(context: InspectionContext, req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
  const { state, clock } = context;
  const method = req.method ?? 'GET';
  if (method === 'GET' && path === '/__emulator/outbox') sendJson(res, 200, { messages: state.outbox });
  else if (method === 'GET' && path === '/__emulator/stats') sendJson(res, 200, { records: state.stats });
  else if (method === 'POST' && path === '/__emulator/reset') {
    context.reset();
    sendJson(res, 200, { result: 'SUCCESS' });
  } else if (method === 'POST' && path === '/__emulator/calls/answer') {
    // The simulated callee keys every code of a call in progress now.
    let answered = 0;
    for (const transaction of state.transactions.values()) {
      if (transaction.passcode?.channel === 'call' && !transaction.passcode.used) {
        transaction.callAnswerAt = clock.now();
        answered += 1;
      }
    }
    sendJson(res, 200, { answered });
  } else if (method === 'POST' && path === '/__emulator/clock/advance') {
    // Expiry (20 minutes) and the resend cooldown, tested without waiting: {"seconds": 1201}.
    let seconds: unknown;
    try {
      seconds = (JSON.parse((await readBody(req)) || '{}') as { seconds?: unknown }).seconds;
    } catch {
      seconds = undefined;
    }
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_ADVANCE_SECONDS) {
      throw new EmulatorHttpError(400, 'BAD_REQUEST', `seconds must be a number above 0 and at most ${MAX_ADVANCE_SECONDS}`, 'seconds');
    }
    clock.advance(seconds * 1000);
    sendJson(res, 200, { now: new Date(clock.now()).toISOString() });
  } else return false;
  return true;
}
