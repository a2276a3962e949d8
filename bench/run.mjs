// Runs every benchmark in turn (not tests: they print ratios and never gate CI).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const benches = ['perm-throughput.mjs'];
for (const b of benches) {
  console.log(`\n=== ${b} ===`);
  spawnSync(process.execPath, [path.join(import.meta.dirname, b)], { stdio: 'inherit' });
}
