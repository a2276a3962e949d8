/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base path, default '/api'. */
  readonly VITE_API_BASE?: string;
  /** local | dev | pre | production: the token is kept per environment. */
  readonly VITE_APP_ENV?: string;
  /** The provider's registrable domain (cookies and SSO redirects); default: derived from the hostname. */
  readonly VITE_PROVIDER_DOMAIN?: string;
  /** External monitoring dashboard (the /cluster-partition monitoring link and the 'grafana' third route). */
  readonly VITE_MONITOR_URL?: string;
  /** SEC30: password fields are sent AES-256-GCM encrypted (the server's STARLIGHT_PASSWORD_ENCRYPTION must match). */
  readonly VITE_STARLIGHT_PASSWORD_ENCRYPTION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
