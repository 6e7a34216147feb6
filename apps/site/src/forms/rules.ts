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

/** An authenticator app's code: 6 digits (spaces around them aside). */
const appCodeMissing = 'Enter the code from your authenticator app';
const appCodeMalformed = 'The code is the 6 digits your authenticator app shows';

/** What is wrong with an app code, or null when it is 6 digits; for a form that needs it only at times. */
export function appCodeProblem(code: string): string | null {
  const trimmed = code.trim();
  if (trimmed === '') return appCodeMissing;
  return /^[0-9]{6}$/.test(trimmed) ? null : appCodeMalformed;
}

/** A field that always takes an app code: required, then 6 digits. The value it gives is trimmed. */
export const appCodeRule = z.pipe(
  requiredText(appCodeMissing),
  z.string().check(z.regex(/^[0-9]{6}$/, appCodeMalformed)),
);

/** A second factor: the app's 6-digit code, or a recovery code (`xxxxx-xxxxx`, case and spaces aside). */
export const secondFactorRule = z.pipe(
  requiredText('Code is required'),
  z
    .string()
    .check(
      z.regex(
        /^(?:[0-9]{6}|[A-Za-z0-9]{5}[- ]?[A-Za-z0-9]{5})$/,
        'Enter the 6-digit code from your app, or a recovery code',
      ),
    ),
);
