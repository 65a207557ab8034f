import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { channelSchema } from '../../src/contract/vocabulary.ts';

/** A seeded user of the emulator (fixtures/users.json, design.md's table). */
const seededUserSchema = z.strictObject({
  userId: z.string().min(1),
  type: z.enum(['internal', 'external']),
  password: z.string().min(1),
  /** A temporary password must be changed at the next login. */
  temporary: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  cellPhone: z.string().nullable(),
  businessPhone: z.string().nullable(),
  channels: z.array(channelSchema),
  /** normal; locked: verify answers OTP_ERR_003; callUnreachable: call verify answers STATUS.UNREACHABLE; firstTime. */
  behaviour: z.enum(['normal', 'locked', 'callUnreachable', 'firstTime']),
});
type SeededUser = z.infer<typeof seededUserSchema>;

/** The emulator's working copy of a user. */
export interface EmulatorUser extends SeededUser {
  /** Previous passwords, newest first (a history of 12). */
  history: string[];
}

/** Reads the seeded users from a fixture file. */
export function loadUsers(path: string): EmulatorUser[] {
  const users = z.array(seededUserSchema).parse(JSON.parse(readFileSync(path, 'utf8')));
  return users.map((user) => ({ ...user, history: [] }));
}
