import type { components } from '@ledgerline/api-client/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { appropriatenessChecks, fundRequests } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import { signedInAccount } from '../auth/sessions';
import { lockUser } from '../ledger/balances';

type Schemas = components['schemas'];

/** An option of a question; one with a `reason` fails the check, and the reason says why. */
type Option = { id: string; text: string; reason?: string };
type Question = { id: string; text: string; options: Option[] };

const valueReason =
  "A fund's units are worth what its coins are worth: when their prices fall, your investment falls too, and it can fall to nothing.";

/**
 * The appropriateness check: whether an investor understands how a fund's value moves, that no
 * scheme protects them, that they can afford to lose it all, and that their horizon suits prices
 * that may stay low for years. Experience is asked, never held against anyone.
 */
export const appropriatenessQuestions: readonly Question[] = [
  {
    id: 'value',
    text: 'If the coins a fund holds fall in price, what happens to the value of your units?',
    options: [
      { id: 'falls', text: 'It falls too, and can fall to nothing' },
      {
        id: 'guaranteed',
        text: 'It stays the same, because the platform guarantees it',
        reason: valueReason,
      },
      { id: 'rises', text: 'It rises, because the fund buys more coins cheaply', reason: valueReason },
    ],
  },
  {
    id: 'protection',
    text: 'If something goes wrong, for example the platform or an exchange fails, are you protected?',
    options: [
      { id: 'none', text: 'No: no compensation scheme covers crypto investments' },
      {
        id: 'scheme',
        text: 'Yes: a government scheme pays back what I lose',
        reason:
          'No compensation scheme protects crypto investments: if the platform or an exchange fails, you can lose what you invested.',
      },
    ],
  },
  {
    id: 'loss',
    text: 'Could you afford to lose all the money you plan to invest?',
    options: [
      { id: 'afford', text: 'Yes: losing it would not change how I live' },
      {
        id: 'cannot',
        text: 'No: I need this money',
        reason: 'Invest only money you can afford to lose entirely: a crypto fund can lose all its value.',
      },
    ],
  },
  {
    id: 'horizon',
    text: 'How long could you leave this money invested?',
    options: [
      {
        id: 'months',
        text: 'Less than a year',
        reason:
          'Crypto prices can stay low for years: money you may need within a year is better kept out of a crypto fund.',
      },
      { id: 'years', text: 'One to five years' },
      { id: 'long', text: 'More than five years' },
    ],
  },
  {
    id: 'experience',
    text: 'How often have you bought crypto or other high-risk investments before?',
    options: [
      { id: 'never', text: 'Never' },
      { id: 'few', text: 'A few times' },
      { id: 'often', text: 'Often' },
    ],
  },
];

/** A failed check may be taken again a day after it was taken. */
const retakeAfterMs = 24 * 60 * 60 * 1000;

/** The reasons the answers fail the check (none: passed); 400 naming a question left unanswered. */
export function gradeAnswers(answers: Record<string, string>): string[] {
  const known = new Set(appropriatenessQuestions.map((question) => question.id));
  const stray = Object.keys(answers).find((id) => !known.has(id));
  if (stray !== undefined) throw new HttpError(400, `answers: there is no question "${stray}"`);
  const reasons: string[] = [];
  for (const question of appropriatenessQuestions) {
    const answer = answers[question.id];
    if (answer === undefined) throw new HttpError(400, `answers.${question.id}: choose an answer`);
    const option = question.options.find((candidate) => candidate.id === answer);
    if (!option) throw new HttpError(400, `answers.${question.id}: "${answer}" is not one of its answers`);
    if (option.reason) reasons.push(option.reason);
  }
  return reasons;
}

type CheckRow = typeof appropriatenessChecks.$inferSelect;

async function latestCheck(db: Pick<Database | Tx, 'select'>, userId: string): Promise<CheckRow | undefined> {
  const [row] = await db
    .select()
    .from(appropriatenessChecks)
    .where(eq(appropriatenessChecks.userId, userId))
    .orderBy(desc(appropriatenessChecks.takenAt))
    .limit(1);
  return row;
}

function checkView(row: CheckRow | undefined, required: boolean): Schemas['AppropriatenessCheck'] {
  const questions = appropriatenessQuestions.map(({ id, text, options }) => ({
    id,
    text,
    options: options.map((option) => ({ id: option.id, text: option.text })),
  }));
  if (!row)
    return { status: 'not_taken', required, takenAt: null, retakeAfter: null, reasons: [], questions };
  return {
    status: row.passed ? 'passed' : 'failed',
    required,
    takenAt: row.takenAt.toISOString(),
    retakeAfter: row.passed ? null : new Date(row.takenAt.getTime() + retakeAfterMs).toISOString(),
    reasons: row.passed ? [] : gradeAnswers(row.answers),
    questions,
  };
}

/**
 * Whether an investment now needs the check first: it is not passed, and the investor has not
 * invested before (one who has went through it, or invested before it was asked).
 */
async function checkRequired(
  db: Pick<Database | Tx, 'select'>,
  userId: string,
  check: CheckRow | undefined,
): Promise<boolean> {
  if (check?.passed) return false;
  return !(await hasInvestedBefore(db, userId));
}

/** Whether the investor has asked to invest before (whatever became of it). */
export async function hasInvestedBefore(db: Pick<Database | Tx, 'select'>, userId: string): Promise<boolean> {
  const [earlier] = await db
    .select({ id: fundRequests.id })
    .from(fundRequests)
    .where(and(eq(fundRequests.userId, userId), eq(fundRequests.kind, 'investment')))
    .limit(1);
  return earlier !== undefined;
}

/** Refuses (409) a first investment from someone who has not passed the check. */
export async function refuseUncheckedFirstInvestment(tx: Tx, userId: string): Promise<void> {
  if (await checkRequired(tx, userId, await latestCheck(tx, userId))) {
    throw new HttpError(409, 'Before your first investment, please take the appropriateness check');
  }
}

export function appropriatenessOperations({ db }: Services) {
  return {
    getAppropriateness: {
      async handler(request) {
        const { userId } = signedInAccount(request);
        const check = await latestCheck(db, userId);
        return checkView(check, await checkRequired(db, userId, check));
      },
    },

    takeAppropriatenessCheck: {
      async handler(request) {
        const { userId } = signedInAccount(request);
        const reasons = gradeAnswers(request.body.answers);
        const stored = await db.transaction(async (tx) => {
          // One try at a time per investor: two sent at once cannot both be taken.
          await lockUser(tx, userId);
          const last = await latestCheck(tx, userId);
          if (last?.passed) throw new HttpError(409, 'You have already passed the appropriateness check');
          if (last && last.takenAt.getTime() + retakeAfterMs > Date.now()) {
            const after = new Date(last.takenAt.getTime() + retakeAfterMs);
            throw new HttpError(
              409,
              `You can take the appropriateness check again after ${after.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
            );
          }
          const [row] = await tx
            .insert(appropriatenessChecks)
            .values({ userId, answers: request.body.answers, passed: reasons.length === 0 })
            .returning();
          if (!row) throw new Error('The appropriateness check was not stored');
          return { row, required: await checkRequired(tx, userId, row) };
        });
        return checkView(stored.row, stored.required);
      },
    },
  } satisfies Operations;
}
