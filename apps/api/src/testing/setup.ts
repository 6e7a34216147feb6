import { afterAll } from 'vitest';
import { dropTestDatabase } from './database';
import { stopMailSink } from './mail-sink';

// After each test file: its database and its mail sink go away with it.
afterAll(async () => {
  await stopMailSink();
  await dropTestDatabase();
});
