import { defineConfig } from 'drizzle-kit';

// drizzle-kit only generates SQL here; the app applies migrations itself at start (ADR 001).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
