// Fixed only for the throwaway server the e2e run starts on a fresh temp database (see start-server.mjs).
export const e2ePort = 18_081;
export const adminPassword = 'E2e-Admin-Pass1';
export const demoPassword = 'E2e-Demo-Pass1';
