import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @ledgerline/api db:generate` writes a new migration after a change to the schema.
// Migrations are committed and applied at start by the server itself, on PGlite and on PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
