import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w apps/server -- --name <change>` writes SQL into drizzle/; the server applies it at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema/identity.ts', './src/db/schema/messages.ts', './src/db/schema/system.ts'],
  out: './drizzle',
});
