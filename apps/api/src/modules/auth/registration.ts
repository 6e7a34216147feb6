import type { operations } from '@ledgerline/api-client/contract';
import { countryCodeOf } from '@ledgerline/rules/countries';
import { phoneE164 } from '@ledgerline/rules/phone';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { accountTokens, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import { signUpAttemptMail, verificationLink, verificationMail } from '../../mail/messages';
import { passwordPolicyProblem } from '../../policies/password-policy';
import type { Services } from '../../services';
import { hashPassword } from './password-hashing';
import { newReferralCode } from './referral-codes';
import { hashToken, newToken } from './tokens';

type Message = operations['registerUser']['responses'][201]['content']['application/json'];

/** A verification link is valid for 24 hours. */
const verificationValidityMs = 24 * 3_600_000;

/** What a registration or a profile change answers for a phone number that is not one (`phoneE164`). */
export const phoneProblem =
  'phone must be a phone number as written in the chosen country, or start with + and the country code';

/** Issues a single-use verification token for a user; only its hash is stored. */
export async function issueVerificationToken(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<string> {
  const token = newToken();
  await db.insert(accountTokens).values({
    userId,
    purpose: 'verify_email',
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + verificationValidityMs),
    createdAt: now,
  });
  return token;
}

export function registrationOperations({ config, db, mailer, deferred }: Services) {
  /** Tells the owner of an email that someone tried to sign up with it. */
  async function tellOwnerOfAttempt(email: string): Promise<void> {
    await mailer.send(signUpAttemptMail(config, { email }));
  }

  /** Makes the account and mails its verification link; an email with an account gets the notice instead. */
  async function createAccount(
    log: FastifyBaseLogger,
    account: {
      email: string;
      fullname: string;
      phone: string;
      country: string;
      investmentGoal: string;
      password: string;
      referredById: string | null;
    },
  ): Promise<void> {
    const { email, password, ...profile } = account;
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (existing) return tellOwnerOfAttempt(email);

    const passwordHash = await hashPassword(password);
    let created: { id: string } | undefined;
    for (let attempt = 0; !created; attempt++) {
      try {
        created = await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({ email, ...profile, passwordHash, referralCode: newReferralCode() })
            .returning({ id: users.id });
          if (!user) throw new Error('insert returned no user');
          return user;
        });
      } catch (error) {
        // Two sign-ups with one email at once: the unique index decides; the other is an attempt.
        if (isUniqueViolation(error, 'users_email_unique')) return tellOwnerOfAttempt(email);
        // A referral code drawn twice (about one chance in a trillion per sign-up): draw again.
        if (!isUniqueViolation(error, 'users_referral_code_unique') || attempt >= 4) throw error;
      }
    }
    const token = await issueVerificationToken(db, created.id);
    try {
      await mailer.send(verificationMail(config, { email }, verificationLink(config, email, token)));
    } catch (error) {
      // The account exists either way; a password reset also verifies the address, so a lost mail
      // never locks anyone out.
      log.error({ err: error, userId: created.id }, 'the verification mail could not be sent');
    }
  }

  return {
    registerUser: {
      rateLimit: { max: config.REGISTRATIONS_PER_HOUR, timeWindow: '1 hour' },
      async handler(request, reply): Promise<Message> {
        const body = request.body;
        // The email and the referral code are lower-cased, whoever calls: each names one thing whatever
        // its case. A name is kept as its owner typed it ("Anne-Marie O'Neil", "van der Berg").
        const email = body.email.trim().toLowerCase();
        const fullname = body.fullname.trim();
        const referredBy = (body.referredBy ?? '').trim().toLowerCase();
        const country = body.country.trim();
        if (!fullname) throw new HttpError(400, 'fullname is required');
        if (!country) throw new HttpError(400, 'country is required');
        // Kept in E.164, read as written in the chosen country (or in international form).
        const phone = phoneE164(body.phone, countryCodeOf(country));
        if (!phone) throw new HttpError(400, phoneProblem);
        const policyProblem = passwordPolicyProblem(body.password, 'password');
        if (policyProblem) throw new HttpError(400, policyProblem);

        let referredById: string | null = null;
        if (referredBy) {
          const [referrer] = await db
            .select({ id: users.id })
            .from(users)
            .where(eq(users.referralCode, referredBy))
            .limit(1);
          if (!referrer) {
            throw new HttpError(
              400,
              'referredBy is not a known referral code: check the link you were given',
            );
          }
          referredById = referrer.id;
        }

        // From here on the answer is the same whether or not the email has an account, and so is its
        // timing: the account is made (or its owner told of the attempt) after the answer has gone.
        deferred.runAfterAnswer(reply, 'registration', () =>
          createAccount(request.log, {
            email,
            fullname,
            phone,
            country,
            investmentGoal: (body.investmentGoal ?? '').trim(),
            password: body.password,
            referredById,
          }),
        );
        reply.status(201);
        return { msg: 'Account created. Check your email for the verification link.' };
      },
    },

    verifyEmail: {
      async handler(request): Promise<Message> {
        const body = request.body;
        const email = body.email.trim().toLowerCase();
        const now = new Date();
        const [token] = await db
          .select({
            id: accountTokens.id,
            userId: accountTokens.userId,
            usedAt: accountTokens.usedAt,
            expiresAt: accountTokens.expiresAt,
          })
          .from(accountTokens)
          .innerJoin(users, eq(users.id, accountTokens.userId))
          .where(
            and(
              eq(accountTokens.tokenHash, hashToken(body.verificationToken)),
              eq(accountTokens.purpose, 'verify_email'),
              eq(users.email, email),
            ),
          )
          .limit(1);
        if (!token)
          throw new HttpError(
            400,
            'This verification link is not valid. Please use the link from your email.',
          );
        if (token.usedAt)
          throw new HttpError(400, 'This verification link has already been used. You can sign in.');
        if (token.expiresAt <= now) {
          throw new HttpError(
            400,
            'This verification link has expired. Use "Forgot password" to receive a new link by email.',
          );
        }
        // Consumed with a conditional update, so two clicks at once verify once and the other is told.
        const consumed = await db.transaction(async (tx) => {
          const [used] = await tx
            .update(accountTokens)
            .set({ usedAt: now })
            .where(
              and(
                eq(accountTokens.id, token.id),
                isNull(accountTokens.usedAt),
                gt(accountTokens.expiresAt, now),
              ),
            )
            .returning({ id: accountTokens.id });
          if (!used) return false;
          await tx
            .update(users)
            .set({ emailVerifiedAt: now, updatedAt: now })
            .where(and(eq(users.id, token.userId), isNull(users.emailVerifiedAt)));
          return true;
        });
        if (!consumed)
          throw new HttpError(400, 'This verification link has already been used. You can sign in.');
        return { msg: 'Email verified' };
      },
    },
  } satisfies Operations;
}
