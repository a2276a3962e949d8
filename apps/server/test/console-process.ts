/**
 * The environment of a console started as its own process by a test (src/server.ts bundled, `node server.js`):
 * listening on 127.0.0.1 at `port` (its session origin on any free port), in test mode, on `dataDir`.
 */
export function consoleEnv(port: number, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    STARLIGHT_HOST: '127.0.0.1',
    STARLIGHT_PORT: String(port),
    STARLIGHT_SESSION_PORT: '0',
    STARLIGHT_ENV: 'test',
    STARLIGHT_DATA_DIR: dataDir,
    ...extra,
  };
}
