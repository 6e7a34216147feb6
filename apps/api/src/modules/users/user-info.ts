import type { components, operations } from '@ledgerline/api-client/contract';
import { countryCodeOf } from '@ledgerline/rules/countries';
import { phoneE164 } from '@ledgerline/rules/phone';
import { and, eq, sql } from 'drizzle-orm';
import { readTogether } from '../../db/read-together';
import { notifications, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import { logSessionsRevoked } from '../../http/security-events';
import { passwordPolicyProblem } from '../../policies/password-policy';
import type { Services } from '../../services';
import { recordActivity } from '../auth/activity';
import { cancelEmailChanges } from '../auth/email-change';
import { hashPassword, isPasswordCorrect } from '../auth/password-hashing';
import { phoneProblem } from '../auth/registration';
import { codeAttempt, secondFactorColumns } from '../auth/second-factor';
import { securityMailer } from '../auth/security-mail';
import { endOtherSessions, forgetCheckedAccount, signedInAccount } from '../auth/sessions';
import { endSignInChallenges, wrongCodeMessage } from '../auth/two-factor';
import { requestOrigin } from '../auth/user-agent';
import { pauseWithdrawals } from '../auth/withdrawal-pause';
import { type FigureCents, figureCentsQuery } from '../ledger/figures';
import { figureNames, toAccountFigures } from './account-figures';
import { notificationView } from './notification-view';
import { readProfileForm } from './profile-form';

type UserInfo = components['schemas']['UserInfo'];
type Message = operations['updateUserInfo']['responses'][200]['content']['application/json'];

export const passwordChangeCodeNeededMessage =
  'Enter the code from your authenticator app: changing your password needs one while two-factor is on.';

export function userInfoOperations(services: Services) {
  const { config, db, failedSignIns, sessionChecks, secrets } = services;
  const tellOwner = securityMailer(services);
  /**
   * One statement for every user asked about in one turn of the event loop (`readTogether`): each
   * user, their notification and (when asked for) every money figure, prepared once under a name
   * (the most frequent signed-in call: a dashboard page asks for it several times at once).
   */
  const prepareUserInfo = (figures: boolean, name: string) =>
    db
      .select({
        user: users,
        notification: notifications,
        figures: figures
          ? sql<FigureCents>`(SELECT row_to_json(f) FROM (${figureCentsQuery(sql`${users.id}`)}) f)`
          : sql<null>`NULL`,
      })
      .from(users)
      .leftJoin(notifications, eq(notifications.userId, users.id))
      .where(sql`${users.id} = ANY(${sql.placeholder('userIds')}::uuid[])`)
      .prepare(name);
  type UserInfoRow = Awaited<ReturnType<ReturnType<typeof prepareUserInfo>['execute']>>[number];
  const readUserInfo = (figures: boolean, name: string) => {
    let query: ReturnType<typeof prepareUserInfo> | undefined;
    return readTogether<UserInfoRow>(async (userIds) => {
      query ??= prepareUserInfo(figures, name);
      const rows = await query.execute({ userIds });
      return new Map(rows.map((row) => [row.user.id, row]));
    });
  };
  const userInfoWithFigures = readUserInfo(true, 'user_info_with_figures');
  const userInfoWithoutFigures = readUserInfo(false, 'user_info');

  /** The user's info: every property, or only those named (money figures computed only if named). */
  async function userInfo(userId: string, names: ReadonlySet<string> | null): Promise<UserInfo> {
    const wants = (name: string) => names === null || names.has(name);
    const wantsFigures = [...figureNames].some(wants);
    const row = await (wantsFigures ? userInfoWithFigures : userInfoWithoutFigures)(userId);
    if (!row) throw new HttpError(401, 'Your session has ended. Please sign in again.');
    const { user, notification } = row;
    const figures = wantsFigures ? toAccountFigures(row.figures ?? undefined) : null;
    const whole: UserInfo = {
      _id: user.id,
      fullname: user.fullname,
      email: user.email,
      phone: user.phone,
      address: user.address,
      country: user.country,
      maritalStatus: user.maritalStatus,
      gender: user.gender,
      investmentGoal: user.investmentGoal,
      activityLogStatus: user.activityLogStatus,
      referralLink: `${config.PUBLIC_URL}/sign-up?ref=${encodeURIComponent(user.referralCode)}`,
      referralCode: user.referralCode,
      role: user.role,
      mustChangePassword: user.mustChangePassword,
      ...figures,
      notification: notification ? notificationView(notification) : null,
      createdAt: user.createdAt.toISOString(),
    };
    if (names === null) return whole;
    return Object.fromEntries(Object.entries(whole).filter(([name]) => names.has(name))) as UserInfo;
  }

  return {
    getUserInfo: {
      async handler(request): Promise<UserInfo> {
        const { fields } = request.query;
        // The contract's pattern already refused unknown names (400); here they are only split.
        const names = fields ? new Set(fields.split(/[ ,]+/).filter((name) => name.length > 0)) : null;
        return userInfo(signedInAccount(request).userId, names);
      },
    },

    updateUserInfo: {
      async handler(request): Promise<Message> {
        const account = signedInAccount(request);
        const now = new Date();

        if (request.isMultipart()) {
          const changes = await readProfileForm(request);
          if (Object.keys(changes).length === 0) return { msg: 'Nothing to update: every field was empty' };
          if (changes.phone !== undefined) {
            // Kept in E.164, read as written in the country the profile will have.
            let country = changes.country;
            if (country === undefined) {
              const [user] = await db
                .select({ country: users.country })
                .from(users)
                .where(eq(users.id, account.userId))
                .limit(1);
              country = user?.country ?? '';
            }
            const phone = phoneE164(changes.phone, countryCodeOf(country));
            if (!phone) throw new HttpError(400, phoneProblem);
            changes.phone = phone;
          }
          await db
            .update(users)
            .set({ ...changes, updatedAt: now })
            .where(eq(users.id, account.userId));
          return { msg: 'Profile updated successfully' };
        }

        // The JSON forms, told apart by their fields (the validator already chose exactly one).
        const body = request.body;
        if ('seen' in body) {
          // A persistent notification is never marked seen; with none, nothing changes.
          await db
            .update(notifications)
            .set({ seen: true })
            .where(and(eq(notifications.userId, account.userId), eq(notifications.persistent, false)));
          return { msg: 'Notification marked as seen' };
        }
        if ('activityLogStatus' in body) {
          // The switch moving is itself recorded: "turned off" is the last entry written while it is
          // still on (an entry is only written while it is on), "turned on" the first once it is.
          // Asking for the state it is in records nothing.
          const on = body.activityLogStatus;
          const origin = requestOrigin(request);
          await db.transaction(async (tx) => {
            if (!on) await recordActivity(tx, account.userId, 'activity_log_off', { origin });
            const moved = await tx
              .update(users)
              .set({ activityLogStatus: on, updatedAt: now })
              .where(and(eq(users.id, account.userId), sql`${users.activityLogStatus} <> ${on}`))
              .returning({ id: users.id });
            if (on && moved.length > 0)
              await recordActivity(tx, account.userId, 'activity_log_on', { origin });
          });
          return {
            msg: body.activityLogStatus ? 'Activity logs will be saved' : 'Activity logs will not be saved',
          };
        }

        const [user] = await db
          .select({ ...secondFactorColumns, email: users.email, passwordHash: users.passwordHash })
          .from(users)
          .where(eq(users.id, account.userId))
          .limit(1);
        if (!user) throw new HttpError(401, 'Please sign in again');
        // With two-factor on, a fresh code as well: a phished password must not become the thief's own.
        const secondFactor = user.twoFactorSecret ? user : null;
        const code = body.twoFactorCode ?? '';
        if (secondFactor && code === '') throw new HttpError(403, passwordChangeCodeNeededMessage);
        // A wrong current password counts as a failed sign-in: a stolen session cannot guess it freely.
        const attempt = await failedSignIns.begin(request, user.email);
        if (!(await isPasswordCorrect(user.passwordHash, body.currentPassword))) {
          throw new HttpError(400, 'currentPassword is incorrect');
        }
        // A wrong code stays counted as well; a right one takes the attempt back.
        const check = codeAttempt(secrets, attempt);
        try {
          if (secondFactor && !(await check.spend(db, secondFactor, code, { appOnly: true }))) {
            throw new HttpError(403, wrongCodeMessage);
          }
        } finally {
          await check.settle();
        }
        const policyProblem = passwordPolicyProblem(body.newPassword, 'newPassword');
        if (policyProblem) throw new HttpError(400, policyProblem);
        const passwordHash = await hashPassword(body.newPassword);
        const ended = await db.transaction(async (tx) => {
          // A password the account chose itself: the one printed at start-up, if it was that, is gone.
          // Withdrawals pause as after a reset: whoever changed it may not be the owner, who is mailed.
          await tx
            .update(users)
            .set({ passwordHash, mustChangePassword: false, updatedAt: now })
            .where(eq(users.id, account.userId));
          await pauseWithdrawals(tx, config, account.userId, 'password_changed', now);
          await cancelEmailChanges(tx, account.userId);
          // Whoever else knew the old password is signed out, and cannot finish a sign-in begun with
          // it; this session stays.
          await endSignInChallenges(tx, account.userId, now);
          return endOtherSessions(tx, sessionChecks, account.userId, account.sessionId, now);
        });
        // This session goes on at once without the mark (the next request reads the account anew).
        await forgetCheckedAccount(db, sessionChecks, account.userId);
        logSessionsRevoked(request, account.userId, 'password changed', ended);
        tellOwner.send(account.userId, 'password changed', requestOrigin(request));
        await recordActivity(db, account.userId, 'password_changed', { origin: requestOrigin(request) });
        return { msg: 'Password changed successfully' };
      },
    },
  } satisfies Operations;
}
