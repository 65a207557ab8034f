import { atom } from 'nanostores';
import type { UserType } from '../domain/flows.ts';

/**
 * What the page knows of the visitor's user type (spec 6): both until the backend says internal or
 * external. Shared between islands and the support dialog, which hydrate separately: the recovery flow
 * and the change-password page write it, the dialog shows staff their own help desk from it.
 */
export const $userType = atom<UserType>('both');
