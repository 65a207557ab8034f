import { z } from 'zod/mini';
import { AUTHENTICATION_RESULTS, CHANNELS, FLOWS, SUPPORTED_CHANNELS, TRANSITION_RESULTS, USER_TYPES } from '../domain/flows.ts';

// The domain's lists as schemas, for the requests and responses built from them.

export const flowSchema = z.enum(FLOWS);
export const channelSchema = z.enum(CHANNELS);
export const supportedChannelSchema = z.enum(SUPPORTED_CHANNELS);
export const userTypeSchema = z.enum(USER_TYPES);
export const authenticationResultSchema = z.enum(AUTHENTICATION_RESULTS);
export const transitionResultSchema = z.enum(TRANSITION_RESULTS);
