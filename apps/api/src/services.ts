import type { Config } from './config/config';
import type { Database } from './db/database';
import type { AttemptCounter } from './http/attempts';
import type { DeferredWork } from './http/deferred-work';
import type { Mailer } from './mail/mailer';
import type { FailedSignIns } from './modules/auth/failed-sign-ins';

/** What the resource modules are built from; made once in `buildApp`. */
export type Services = {
  config: Config;
  db: Database;
  mailer: Mailer;
  deferred: DeferredWork;
  /** Attempts counted across instances (Redis) or in this process. */
  attempts: AttemptCounter;
  /** The limit on failed sign-ins and password checks. */
  failedSignIns: FailedSignIns;
};
