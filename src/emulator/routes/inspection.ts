import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http-utils.ts';
import type { EmulatorState } from '../state.ts';

/** The emulator's own endpoints for tests: outbox, stats, reset, answering calls. */
export function handleInspection(state: EmulatorState, req: IncomingMessage, res: ServerResponse, path: string, now: () => number): boolean {
  const method = req.method ?? 'GET';
  if (method === 'GET' && path === '/__emulator/outbox') sendJson(res, 200, { messages: state.outbox });
  else if (method === 'GET' && path === '/__emulator/stats') sendJson(res, 200, { records: state.stats });
  else if (method === 'POST' && path === '/__emulator/reset') {
    state.reset();
    sendJson(res, 200, { result: 'SUCCESS' });
  } else if (method === 'POST' && path === '/__emulator/calls/answer') {
    // The simulated callee keys every code of a call in progress now.
    let answered = 0;
    for (const transaction of state.transactions.values()) {
      if (transaction.passcode?.channel === 'call' && !transaction.passcode.used) {
        transaction.callAnswerAt = now();
        answered += 1;
      }
    }
    sendJson(res, 200, { answered });
  } else return false;
  return true;
}
