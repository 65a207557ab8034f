import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  decryptRequestSchema, forgotUserChangeRequestSchema, forgotUserEmailRequestSchema, forgotUserLookupRequestSchema,
  otpAuthRequestSchema, sendOtpRequestSchema, temporaryPasswordRequestSchema, verifyOtpRequestSchema,
} from '../../../src/contract/recovery.ts';
import type { OtpAuthResponse, SendOtpRequest } from '../../../src/contract/recovery.ts';
import type { Channel } from '../../../src/domain/flows.ts';
import { OTP_ERR_003, STATUS_PENDING, STATUS_UNREACHABLE } from '../../../src/domain/error-codes.ts';
import { PUBLIC_SERVICE_BASE } from '../../../src/contract/service-paths.ts';
import { deobfuscate, obfuscate } from '../../../src/lib/obfuscation.ts';
import { clientAddress, decodeSegment, EmulatorHttpError, readJson, sendJson, token } from '../http-utils.ts';
import { MAX_WRONG_TRIES, newPasscode, PASSCODE_TTL_MS } from '../passcodes.ts';
import { temporaryPassword } from '../passwords.ts';
import { RESEND_COOLDOWN_MS, tooManyRequests } from '../rate-limits.ts';
import type { RateLimitedAction, RateLimiter } from '../rate-limits.ts';
import type { EmulatorState, Transaction } from '../state.ts';
import type { EmulatorUser } from '../users.ts';

/** What the recovery routes need besides the state. */
export interface RecoveryContext {
  state: EmulatorState;
  now: () => number;
  answerCallAfterMs: number;
  limiter: RateLimiter;
  /** The host an SMS's WebOTP line names: configuration of the environment, never the request's (webOtpHostOf). */
  webOtpHost: () => string;
}

/** Counts one action against the user's and the client's limits (the client: clientAddress, behind a trusted proxy its header). */
function limit(context: RecoveryContext, req: IncomingMessage, action: RateLimitedAction, user: string | undefined): void {
  context.limiter.consume(action, { user, client: clientAddress(req) }, context.now());
}

const BASE = PUBLIC_SERVICE_BASE;

function contactOf(user: EmulatorUser, channel: Channel): string | null {
  if (!user.channels.includes(channel)) return null;
  return channel === 'email' ? user.email : channel === 'sms' ? user.cellPhone : user.businessPhone;
}

function requireTransaction(context: RecoveryContext, input: { transactionId: string; sessionId?: string; userId?: string }): Transaction {
  const transaction = context.state.useTransaction(input.transactionId, context.now());
  const sameSession = input.sessionId === undefined || transaction?.sessionId === input.sessionId;
  const sameUser = input.userId === undefined || transaction?.userId.toLowerCase() === input.userId.toLowerCase() || context.state.principals.get(input.userId) === transaction?.userId;
  if (!transaction || !sameSession || !sameUser) throw new EmulatorHttpError(404, 'TRANSACTION_UNKNOWN', 'no such transaction');
  return transaction;
}

/** A FUID flow identifies the user by its opaque principal id; the others by user id. */
function resolveUser(context: RecoveryContext, userId: string): EmulatorUser {
  const user = context.state.user(context.state.principals.get(userId) ?? userId);
  if (!user) throw new EmulatorHttpError(404, 'USER_NOT_FOUND', 'no such user');
  return user;
}

async function auth(context: RecoveryContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJson(req, otpAuthRequestSchema);
  limit(context, req, 'lookup', body.userId);
  const user = resolveUser(context, body.userId);
  const transaction: Transaction = {
    transactionId: token(), sessionId: token(), userId: user.userId, flow: body.flow, createdAt: context.now(), lastUsedAt: context.now(),
    passcode: undefined, sentAt: {}, failures: 0, verified: false, callAnswerAt: undefined,
  };
  context.state.openTransaction(transaction);
  const value = (channel: Channel) => {
    const contact = contactOf(user, channel);
    return contact ? obfuscate(contact) : null;
  };
  const answer: OtpAuthResponse = {
    userId: body.userId,
    transactionId: transaction.transactionId,
    sessionId: transaction.sessionId,
    primaryEmail: value('email'),
    cellPhone: value('sms'),
    businessPhone: value('call'),
    supportedotpChannels: user.channels.map((channel) => (channel === 'call' ? 'phone' : channel)),
  };
  sendJson(res, 200, answer);
}

/** generate-otp and resend-otp alike: a second code to a channel within the cooldown is a resend by another name. */
function sendPasscode(context: RecoveryContext, req: IncomingMessage, body: SendOtpRequest, res: ServerResponse): void {
  const transaction = requireTransaction(context, body);
  const last = transaction.sentAt[body.channel];
  if (last !== undefined && context.now() - last < RESEND_COOLDOWN_MS) throw tooManyRequests(last + RESEND_COOLDOWN_MS - context.now());
  limit(context, req, 'send', transaction.userId);
  const user = resolveUser(context, transaction.userId);
  if (transaction.flow !== body.flow) throw new EmulatorHttpError(400, 'BAD_REQUEST', 'flow does not match the transaction', 'flow');
  const contact = contactOf(user, body.channel);
  if (!contact) throw new EmulatorHttpError(400, 'NO_CHANNEL', 'the user cannot be reached on this channel', 'channel');
  if (deobfuscate(body.value) !== contact) throw new EmulatorHttpError(400, 'BAD_REQUEST', 'value is not the contact of this channel', 'value');
  if (transaction.failures >= MAX_WRONG_TRIES) throw new EmulatorHttpError(400, 'OTP_VOID', 'too many wrong passcodes on this transaction');
  const code = newPasscode();
  // A resend replaces the previous passcode; the failure count stays with the transaction.
  transaction.passcode = { code, channel: body.channel, createdAt: context.now(), used: false };
  transaction.sentAt[body.channel] = context.now();
  transaction.callAnswerAt = body.channel === 'call' ? context.now() + context.answerCallAfterMs : undefined;
  const text = body.channel === 'call'
    ? `Calling ${contact}: the caller will be asked to key ${code}.`
    : body.channel === 'sms'
      // The WebOTP line (WICG sms-one-time-codes): a browser offers the code only to the site named here.
      // The host is the environment's configuration: taken from the request's Origin or Host, a phishing site
      // relaying the flow got `@evil.example #code`, which the browser then offered on the phishing page.
      ? `Your passcode is ${code}. It expires in 20 minutes. Never share it.\n\n@${context.webOtpHost()} #${code}`
      : `Your passcode is ${code}. It expires in 20 minutes. Never share it.`;
  context.state.send({ channel: body.channel, to: contact, text, code, at: new Date(context.now()).toISOString() });
  sendJson(res, 200, {
    // Only the call channel shows its code on the page; e-mail and SMS codes never reach the browser.
    otp: body.channel === 'call' ? obfuscate(code) : null,
    transactionId: transaction.transactionId,
    sessionId: transaction.sessionId,
    expiresInSeconds: PASSCODE_TTL_MS / 1000,
    resendAfterSeconds: RESEND_COOLDOWN_MS / 1000,
  });
}

async function verify(context: RecoveryContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJson(req, verifyOtpRequestSchema);
  const transaction = requireTransaction(context, body);
  const user = resolveUser(context, transaction.userId);
  const passcode = transaction.passcode;
  if (user.behaviour === 'locked') throw new EmulatorHttpError(403, OTP_ERR_003, 'the user id is locked');
  if (!passcode || passcode.used || passcode.channel !== body.channel) throw new EmulatorHttpError(400, 'OTP_VOID', 'no open passcode for this channel');
  if (transaction.failures >= MAX_WRONG_TRIES) throw new EmulatorHttpError(400, 'OTP_VOID', 'too many wrong passcodes');
  if (context.now() - passcode.createdAt > PASSCODE_TTL_MS) throw new EmulatorHttpError(400, 'OTP_EXPIRED', 'the passcode expired');
  if (body.channel === 'call') {
    if (user.behaviour === 'callUnreachable') {
      sendJson(res, 200, { authenticationResult: null, channelStatus: STATUS_UNREACHABLE });
      return;
    }
    if (transaction.callAnswerAt === undefined || context.now() < transaction.callAnswerAt) {
      sendJson(res, 200, { authenticationResult: null, channelStatus: STATUS_PENDING });
      return;
    }
  }
  // Counted only when a code is really checked: the page's 20-second call polling is not an attempt.
  limit(context, req, 'verify', transaction.userId);
  if (deobfuscate(body.otp) !== passcode.code) {
    transaction.failures += 1;
    const voided = transaction.failures >= MAX_WRONG_TRIES;
    throw new EmulatorHttpError(400, voided ? 'OTP_VOID' : 'OTP_INVALID', voided ? 'too many wrong passcodes' : 'wrong passcode');
  }
  passcode.used = true;
  transaction.verified = true;
  sendJson(res, 200, { authenticationResult: 'SUCCESS', channelStatus: null });
}

function verifiedTransaction(context: RecoveryContext, transactionId: string, userId: string): Transaction {
  const transaction = requireTransaction(context, { transactionId });
  if (!transaction.verified || transaction.userId.toLowerCase() !== userId.toLowerCase()) {
    throw new EmulatorHttpError(403, 'TRANSACTION_UNKNOWN', 'the passcode of this transaction is not verified');
  }
  return transaction;
}

async function emailTemporaryPassword(context: RecoveryContext, req: IncomingMessage, res: ServerResponse, userId: string): Promise<void> {
  const body = await readJson(req, temporaryPasswordRequestSchema);
  const user = resolveUser(context, userId);
  const transaction = verifiedTransaction(context, body.transactionId, user.userId);
  const password = temporaryPassword(user.type);
  user.history.unshift(user.password);
  user.password = password;
  user.temporary = true;
  transaction.verified = false;
  context.state.send({
    channel: 'email', to: user.email, code: null, at: new Date(context.now()).toISOString(),
    text: `Your temporary password is ${password}. Change it now at the page that is open.`,
  });
  sendJson(res, 200, { result: 'SUCCESS' });
}

async function lookupUser(context: RecoveryContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJson(req, forgotUserLookupRequestSchema);
  limit(context, req, 'lookup', body.emailId);
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const user = [...context.state.users.values()].find((candidate) =>
    same(candidate.firstName, body.firstName) && same(candidate.lastName, body.lastName) && same(candidate.email, body.emailId));
  if (!user) throw new EmulatorHttpError(404, 'USER_NOT_FOUND', 'no user with these details');
  const principalId = token();
  context.state.principals.set(principalId, user.userId);
  sendJson(res, 200, { principalId });
}

async function emailUserId(context: RecoveryContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJson(req, forgotUserEmailRequestSchema);
  const userId = context.state.principals.get(body.principalId);
  const user = userId ? context.state.user(userId) : undefined;
  if (!user) throw new EmulatorHttpError(404, 'USER_NOT_FOUND', 'no such principal');
  const transaction = verifiedTransaction(context, body.transactionId, user.userId);
  transaction.verified = false;
  context.state.send({
    channel: 'email', to: user.email, code: null, at: new Date(context.now()).toISOString(),
    text: `Your User ID is ${user.userId}.`,
  });
  sendJson(res, 200, { result: 'SUCCESS' });
}

/** Answers the recovery calls of spec 7; false when the path is not one of them. */
export async function handleRecovery(context: RecoveryContext, req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
  if (!path.startsWith(`${BASE}/`)) return false;
  const route = path.slice(BASE.length);
  const method = req.method ?? 'GET';
  if (method === 'POST' && route === '/fps/auth') await auth(context, req, res);
  else if (method === 'POST' && (route === '/fps/generate-otp' || route === '/fps/resend-otp')) sendPasscode(context, req, await readJson(req, sendOtpRequestSchema), res);
  else if (method === 'POST' && route === '/fps/verify-otp') await verify(context, req, res);
  else if (method === 'POST' && /^\/fps\/email\/[^/]+$/.test(route)) await emailTemporaryPassword(context, req, res, decodeSegment(route.split('/')[3] ?? ''));
  else if (method === 'POST' && route === '/fuid/lookup') await lookupUser(context, req, res);
  else if (method === 'POST' && route === '/fuid/emails') await emailUserId(context, req, res);
  else if (method === 'GET' && /^\/uti\/[^/]+$/.test(route)) {
    const userId = decodeSegment(route.split('/')[2] ?? '');
    limit(context, req, 'lookup', userId);
    const user = resolveUser(context, userId);
    sendJson(res, 200, { internal: user.type === 'internal' });
  } else if (method === 'POST' && route === '/uti/decrypt') {
    const body = await readJson(req, decryptRequestSchema);
    const userId = context.state.principals.get(body.identifier);
    const user = userId ? context.state.user(userId) : undefined;
    if (!user) throw new EmulatorHttpError(404, 'USER_NOT_FOUND', 'no such identifier');
    sendJson(res, 200, { internal: user.type === 'internal' });
  } else if (method === 'POST' && route === '/change') {
    await readJson(req, forgotUserChangeRequestSchema);
    sendJson(res, 200, {});
  } else throw new EmulatorHttpError(404, 'NOT_FOUND', `no route ${method} ${path}`);
  return true;
}
