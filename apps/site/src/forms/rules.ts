import { z } from 'zod';
import './zodWithoutEval';

// The client-side rules and their messages; the messages are fixed product wording, kept word for word.
// A rule without a message of its own reuses the wording of a like one ("Password is required").

/** Email: required, then valid. An empty field reports only that it is required. */
export const emailRule = z.string().trim().min(1, 'Email is required').pipe(z.email('Provide a valid email'));

export const passwordRule = z.string().min(1, 'Password is required');

export const confirmPasswordRule = z.string().min(1, 'Confirm Password is required');

export const passwordsMustMatch = 'Passwords must match';
