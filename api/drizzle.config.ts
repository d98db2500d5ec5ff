import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w api` turns changes of the schema into a new numbered SQL migration in
// drizzle/; the api applies pending migrations itself at start, on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
