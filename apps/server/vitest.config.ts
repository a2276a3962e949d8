import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // test apps run as root make real Unix users for bound accounts: one prefix per run, removed at the end
    globalSetup: ['test/unix-users-setup.ts', 'test/database-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
