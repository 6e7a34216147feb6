import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { deleteEndedSessions } from './sessions';
import { deleteEndedSignInChallenges } from './two-factor';

/** How often each instance deletes what can no longer be used (deleting it twice is harmless). */
export const sweepIntervalMs = 60 * 60_000;

/** Deletes the sessions and the second steps of sign-ins that have expired. */
export async function sweepEnded(db: Database, now = new Date()): Promise<void> {
  await deleteEndedSessions(db, now);
  await deleteEndedSignInChallenges(db, now);
}

/**
 * Sweeps at once and then every `sweepIntervalMs`, so the tables hold live rows only however long the
 * server runs. A sweep that fails is logged and tried again at the next interval.
 */
export function startSweeping(db: Database, log: FastifyBaseLogger): { stop(): void } {
  const sweep = () =>
    sweepEnded(db).catch((error: unknown) =>
      log.warn({ err: error }, 'expired sessions could not be deleted'),
    );
  void sweep();
  const timer = setInterval(sweep, sweepIntervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
