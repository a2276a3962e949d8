import pkg from '../../package.json' with { type: 'json' };

/** The server's version, from its package.json (bundled in at build time). */
export const serverVersion: string = pkg.version;
