import type { Config } from './config/config';
import type { Database } from './db/database';
import type { DeferredWork } from './http/deferred-work';
import type { Mailer } from './mail/mailer';

/** What the resource modules are built from; made once in `buildApp`. */
export type Services = {
  config: Config;
  db: Database;
  mailer: Mailer;
  deferred: DeferredWork;
};
