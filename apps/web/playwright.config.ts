import { defineConfig } from '@playwright/test';
import { e2ePort, e2eSecondPort, e2eThirdPort, e2eSlurmPort, e2eTwinsPort, slurmEnabled, twoInstancesEnabled } from './e2e/env';

/** Specs of the `default-2` project (their own server): the longest journeys on the embedded default. */
const secondSpecs = /\/(statistics-docs|interactive|designer-run|designer|apps|app-admin)\.spec\.ts$/;
/** Specs of the `default-3` project (a third server): the shell, headers, XSS, tickets and labels journeys (sso.spec stays: its issuer is the first server). */
const thirdSpecs = /\/(shell|security-headers|compression|xss|user-pass|tickets|labels)\.spec\.ts$/;

// The built console served by the real server (PGlite in a fresh temp dir), driven in Debian's Chromium.
export default defineConfig({
  testDir: './e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  // One worker per project: the journeys of one project share its server's demo accounts and run in order;
  // the projects (own servers, own databases) run beside each other.
  workers: 6,
  retries: 0,
  outputDir: '../../test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${e2ePort}`,
    locale: 'en-US',
    viewport: { width: 1280, height: 860 },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.STARLIGHT_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  // The default journey (embedded local cluster) and, when SLURMRESTD_URL is set, the journey on the
  // real Slurm against a second server with its own database (slurm.spec.ts registers the cluster), and,
  // when STARLIGHT_TEST_PG is set, a journey through a round-robin proxy in front of two servers on one
  // PostgreSQL database (two-instances.spec.ts; start-two-instances.mjs).
  projects: [
    { name: 'default', workers: 1, testIgnore: [/slurm\.spec\.ts$/, /two-instances\.spec\.ts$/, /udm\.spec\.ts$/, secondSpecs, thirdSpecs] },
    // starts, kills (SIGKILL) and restarts a server of its own (port + 7) in the middle of a 500 MB transfer
    { name: 'udm', workers: 1, testMatch: /udm\.spec\.ts$/, timeout: 180_000, expect: { timeout: 15_000 } },
    // the long journeys on the embedded default, on a server of their own, beside `default`
    { name: 'default-2', workers: 1, testMatch: secondSpecs, use: { baseURL: `http://127.0.0.1:${e2eSecondPort}` } },
    { name: 'default-3', workers: 1, testMatch: thirdSpecs, use: { baseURL: `http://127.0.0.1:${e2eThirdPort}` } },
    ...(slurmEnabled ? [{ name: 'slurm', workers: 1, testMatch: /slurm\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${e2eSlurmPort}` } }] : []),
    ...(twoInstancesEnabled ? [// two servers and a proxy share the CPU with the browser: the waits are longer
          { name: 'two-instances', workers: 1, testMatch: /two-instances\.spec\.ts$/, expect: { timeout: 20_000 }, use: { baseURL: `http://127.0.0.1:${e2eTwinsPort}` } }] : []),
  ],
  webServer: [
    {
      command: 'node e2e/start-server.mjs',
      url: `http://127.0.0.1:${e2ePort}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'pipe',
      stderr: 'pipe',
      // not SIGKILL (the default): start-server.mjs then removes its data folder and its Unix users
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
    {
      command: 'node e2e/start-server.mjs --third',
      url: `http://127.0.0.1:${e2eThirdPort}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
    {
      command: 'node e2e/start-server.mjs --second',
      url: `http://127.0.0.1:${e2eSecondPort}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
    ...(slurmEnabled
      ? [
          {
            command: 'node e2e/start-server.mjs --slurm',
            url: `http://127.0.0.1:${e2eSlurmPort}/api/health`,
            reuseExistingServer: false,
            timeout: 90_000,
            stdout: 'pipe' as const,
            stderr: 'pipe' as const,
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
          },
        ]
      : []),
    ...(twoInstancesEnabled
      ? [
          {
            command: 'node e2e/start-two-instances.mjs',
            url: `http://127.0.0.1:${e2eTwinsPort}/api/health`,
            reuseExistingServer: false,
            timeout: 150_000,
            // SIGTERM (not the default SIGKILL): the script stops both servers and drops its database
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
            stdout: 'pipe' as const,
            stderr: 'pipe' as const,
          },
        ]
      : []),
  ],
});
