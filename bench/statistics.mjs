// The resource report over a year of 50 partitions and 5,000 users, answered from pre-aggregated daily rows
// and monthly rollups (modules/statistics), by month and by day, against hand-written SQL GROUP BYs over the raw
// job table for the same answers (core-hours by cluster and month; the year's top 10 users), in one run, on
// PGlite and (STARLIGHT_TEST_PG set) on PostgreSQL.
// Bounded: BENCH_STAT_JOBS_PER_DAY (default 1,500) × 365 days, 3 timed repetitions each.
// Runs apps/server/test/bench-statistics.ts under tsx.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// the measuring code drives the server's modules, so it lives in apps/server/test/bench-statistics.ts
const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/test/bench-statistics.ts')], { cwd: path.join(root, 'apps/server'), stdio: 'inherit' });
process.exit(run.status ?? 1);

