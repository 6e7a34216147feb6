import * as z from 'zod/mini';
import './zodWithoutEval';

// The client-side rules and their messages; the messages are fixed product wording, kept word for word.
// A rule without a message of its own reuses the wording of a like one ("Password is required").
// Written with zod/mini, whose functions a page's bundle takes one by one: the public and auth pages
// carry about 5 KB of zod rather than the 23 KB of its method-chaining API.

/** Text that must not be empty once trimmed: the value it gives is trimmed. */
export const requiredText = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

/** Email: required, then valid. An empty field reports only that it is required. */
export const emailRule = z.pipe(requiredText('Email is required'), z.email('Provide a valid email'));

export const passwordRule = z.string().check(z.minLength(1, 'Password is required'));

export const confirmPasswordRule = z.string().check(z.minLength(1, 'Confirm Password is required'));

export const passwordsMustMatch = 'Passwords must match';

/**
 * A form's new password and its confirmation: a filled-in confirmation must equal the password. The
 * message goes under the confirmation, which alone reports "required" while it is empty.
 */
export const confirmationMatches = z.refine<{ password: string; confirmPassword: string }>(
  (value) => value.confirmPassword === '' || value.password === value.confirmPassword,
  { message: passwordsMustMatch, path: ['confirmPassword'] },
);
