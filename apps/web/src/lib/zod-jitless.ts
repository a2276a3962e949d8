import { config } from 'zod';

/**
 * zod compiles object parsers with `new Function` when it may; the console's Content-Security-Policy
 * (apps/server plugins/security-headers.ts) forbids eval, and even zod's probe for it is reported as a
 * violation. Object schemas read this switch when they are built, so main.tsx imports this module first.
 */
config({ jitless: true });
