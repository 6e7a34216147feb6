import type { Config } from './config/config';
import type { Database } from './db/database';
import type { AttemptCounter } from './http/attempts';
import type { DeferredWork } from './http/deferred-work';
import type { Lifecycle } from './http/lifecycle';
import type { Metrics } from './http/metrics';
import type { Mailer } from './mail/mailer';
import type { FailedSignIns } from './modules/auth/failed-sign-ins';
import type { SecretBox } from './modules/auth/sealed-secrets';
import type { SessionChecks } from './modules/auth/sessions';
import type { UploadStorage } from './modules/files/storage';

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
  /** Where uploads' bytes are kept: the data folder, or a bucket every instance shares. */
  storage: UploadStorage;
  /** Whether this instance is stopping; long-lived answers end when the stop begins. */
  lifecycle: Lifecycle;
  /** This app's metrics: reviews and postings are counted where they commit. */
  metrics: Metrics;
  /** This instance's checked sessions, which every instance's revocations reach. */
  sessionChecks: SessionChecks;
  /**
   * Tells every instance that live events raised with `announce: 'after commit'` have committed
   * (`eventAnnouncer`).
   */
  announceEvents: () => Promise<void>;
  /** Seals and opens the secrets kept in the database (two-factor secrets) under SECRETS_KEY. */
  secrets: SecretBox;
};
