import { z } from 'zod';
import './zodWithoutEval';

// The spec's client-side rules and their messages (section 5), verbatim. Where the spec names a rule
// without a message, its own wording elsewhere is reused ("Password is required").

/** Email: required, then valid. An empty field reports only that it is required. */
export const emailRule = z.string().trim().min(1, 'Email is required').pipe(z.email('Provide a valid email'));

export const passwordRule = z.string().min(1, 'Password is required');

export const confirmPasswordRule = z.string().min(1, 'Confirm Password is required');

export const passwordsMustMatch = 'Passwords must match';
