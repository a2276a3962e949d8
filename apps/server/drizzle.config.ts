import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w apps/server -- --name <change>` writes SQL into drizzle/; the server applies it at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema/identity.ts', './src/db/schema/messages.ts', './src/db/schema/system.ts', './src/db/schema/hpc.ts', './src/db/schema/cluster-access.ts', './src/db/schema/jobs.ts', './src/db/schema/storage.ts', './src/db/schema/cluster-storage.ts', './src/db/schema/verification.ts', './src/db/schema/audit.ts', './src/db/schema/labels.ts', './src/db/schema/quotas.ts', './src/db/schema/profile.ts', './src/db/schema/sso.ts', './src/db/schema/monitor.ts', './src/db/schema/approvals.ts', './src/db/schema/interactive.ts', './src/db/schema/apps.ts', './src/db/schema/images.ts', './src/db/schema/fees.ts', './src/db/schema/mall.ts', './src/db/schema/docs.ts', './src/db/schema/statistics.ts', './src/db/schema/udm.ts', './src/db/schema/tickets.ts', './src/db/schema/message-templates.ts'],
  out: './drizzle',
});
