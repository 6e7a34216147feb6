import * as z from 'zod/mini';
import './zodWithoutEval';

/** An optional text search param: missing, empty or oversized counts as absent, never as an error page. */
export const optionalSearchText = (maxLength: number) =>
  z.catch(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(maxLength))), undefined);

/** /sign-up's query: the referral ID a shared link carries. */
export const signUpSearch = z.object({ ref: optionalSearchText(50) });

/** /change-password's query: the mailed link's email and token. */
export const changePasswordSearch = z.object({
  email: optionalSearchText(254),
  token: optionalSearchText(200),
});

/** /verify-email's query: the mailed link's email and verification token. */
export const verifyEmailSearch = z.object({
  email: optionalSearchText(254),
  verificationToken: optionalSearchText(200),
});

/** /confirm-email-change's query: the token of the link mailed to the new address. */
export const confirmEmailChangeSearch = z.object({ token: optionalSearchText(200) });

/** /revert-email-change's query: the token of the "this wasn't me" link mailed to the old address. */
export const revertEmailChangeSearch = z.object({ token: optionalSearchText(200) });

/** /admin-invitation's query: the token of the link that invites a person to join the admins. */
export const adminInvitationSearch = z.object({ token: optionalSearchText(200) });

/** /cancel-address-lock-off's query: the token of the link that keeps the withdrawal-address lock on. */
export const cancelAddressLockOffSearch = z.object({ token: optionalSearchText(200) });

/** The current page's query read with a schema of its own: how an island (no router) reads it. */
export function pageSearch<Output>(schema: z.ZodMiniType<Output>): Output {
  return schema.parse(Object.fromEntries(new URLSearchParams(window.location.search)));
}
