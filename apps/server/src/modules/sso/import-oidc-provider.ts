import type Provider from 'oidc-provider';

const unsupportedRuntime = 'oidc-provider WARNING: Unsupported runtime';

/**
 * Loads oidc-provider. On Node 20 it warns "Unsupported runtime" the moment it is imported; Starlight
 * supports Node 20.19+ and says so itself, in words that match the README (lib/runtime-notice.ts), so
 * that one line is dropped while the module loads. Every other warning passes through.
 */
export async function importOidcProvider(): Promise<typeof Provider> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes(unsupportedRuntime)) return;
    warn.apply(console, args);
  };
  try {
    return (await import('oidc-provider')).default;
  } finally {
    console.warn = warn;
  }
}
