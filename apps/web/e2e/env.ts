// The throwaway server the e2e run starts on a fresh temp database (see start-server.mjs); STARLIGHT_E2E_PORT
// moves it (and the Slurm one to the next port) so two checkouts can run their e2e at the same time.
export const e2ePort = Number(process.env.STARLIGHT_E2E_PORT ?? 18_081);
/** The second server (`start-server.mjs --slurm`): its own database, for the journey on the real Slurm (slurm.spec.ts). */
export const e2eSlurmPort = e2ePort + 1;
/** The Slurm journey runs only when the real Slurm is there (CI brings it up; scripts/services-up.sh). */
export const slurmEnabled = !!process.env.SLURMRESTD_URL;
/** Two servers on one PostgreSQL behind a round-robin proxy (start-two-instances.mjs): only with PostgreSQL (CI). */
export const twoInstancesEnabled = !!process.env.STARLIGHT_TEST_PG;
/** The proxy in front of them (the instances take the next two ports). */
export const e2eTwinsPort = e2ePort + 2;
/** The proxy in front of the two instances' session origins (reached as `localhost`; the origins take + 9 and + 10). */
export const e2eTwinsSessionPort = e2ePort + 8;
/** The `default-2` project's own embedded-default server (start-server.mjs --second): the long journeys run there beside `default`. */
export const e2eSecondPort = e2ePort + 5;
/** The `default-3` project's own embedded-default server (start-server.mjs --third). */
export const e2eThirdPort = e2ePort + 6;
export const adminPassword = 'E2e-Admin-Pass1';
export const demoPassword = 'E2e-Demo-Pass1';
/** The e2e server's captchas all read this (STARLIGHT_CAPTCHA_FIXED_ANSWER, honoured only with STARLIGHT_ENV=test). */
export const captchaAnswer = 'e2e4';
