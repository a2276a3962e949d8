/** Build-time settings (Vite env). Read through here so tests can see one place. */
export type AppEnv = 'local' | 'dev' | 'pre' | 'production';

const appEnvs: readonly AppEnv[] = ['local', 'dev', 'pre', 'production'];

function readAppEnv(): AppEnv {
  const value = import.meta.env.VITE_APP_ENV;
  if (value && (appEnvs as readonly string[]).includes(value)) return value as AppEnv;
  return import.meta.env.PROD ? 'production' : 'local';
}

export const env = {
  apiBase: (import.meta.env.VITE_API_BASE || '/api').replace(/\/$/, ''),
  appEnv: readAppEnv(),
  providerDomain: import.meta.env.VITE_PROVIDER_DOMAIN || undefined,
  monitorUrl: import.meta.env.VITE_MONITOR_URL || undefined,
  production: import.meta.env.PROD,
};
