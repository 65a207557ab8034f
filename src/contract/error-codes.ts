import { z } from 'zod/mini';

/** Recovery flows: forgot password, forgot user id, first-time user. */
export const flowSchema = z.enum(['FPS', 'FUID', 'FTU']);
export type Flow = z.infer<typeof flowSchema>;

/** Passcode channels as sent to the service (spec 4.3). */
export const channelSchema = z.enum(['email', 'sms', 'call']);
export type Channel = z.infer<typeof channelSchema>;

/** Channels as the auth response lists them: `phone` is the call channel (spec 3). */
export const supportedChannelSchema = z.enum(['email', 'phone', 'sms']);
export type SupportedChannel = z.infer<typeof supportedChannelSchema>;

/** User types (spec 6); both is the default when the backend check fails. */
export const userTypeSchema = z.enum(['internal', 'external', 'both']);
export type UserType = z.infer<typeof userTypeSchema>;

/** Result constants of spec 8. */
export const authenticationResultSchema = z.enum(['SUCCESS', 'FAILURE']);
export type AuthenticationResult = z.infer<typeof authenticationResultSchema>;
export const transitionResultSchema = z.enum(['Success', 'Failure']);
