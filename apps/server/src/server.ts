import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DatabaseUnreachableError, openDatabase } from './db/client';
import { runtimeNotice, startBanner } from './lib/announcement';
import { pgliteTemplatePath } from './lib/paths';
import { LockHeldError } from './lib/pid-lock';

/** `node dist/server.js [--demo]`: migrate, bootstrap, listen, and shut down cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig({ argv: process.argv.slice(2) });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }

  // to stderr until the app's logger exists
  let connectionLost = (error: Error): void => void process.stderr.write(`database connection lost: ${error.message}\n`);
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    // a new data directory starts from the build's migrated cluster (db/pglite-template.ts)
    pgliteTemplate: pgliteTemplatePath(),
    onConnectionLost: (error) => connectionLost(error),
  });
  // a database started together with the console (compose, systemd) may not accept connections yet
  await database.waitUntilReachable(config.databaseConnectTimeoutS, (reason) =>
    process.stderr.write(`The database at ${databaseAddress(config.databaseUrl)} ${reason}; retrying for up to ${config.databaseConnectTimeoutS} s (STARLIGHT_DATABASE_CONNECT_TIMEOUT_S)\n`),
  );
  await database.migrate();
  const notices: string[] = [];
  // what no request needs first runs once the console listens (app.ts deferStartWork)
  const app = await buildApp(config, { db: database, announce: (text) => notices.push(text), deferStartWork: true });
  connectionLost = (error) => app.log.warn({ err: error }, 'database connection lost; requests are answered 1502 until it is back');

  let stopping = false;
  /**
   * Open requests get the shutdown bound less 2 s to end (an upload's pipeline, a listing); then their
   * connections are closed (an upload then fails and removes its temporary file), and at the bound the
   * process exits whatever is still pending (a call waiting on an unreachable server). The data directory's
   * pid lock is released by database.close(), or found dead and taken over by the next start.
   */
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    const boundMs = config.timeouts.shutdownS * 1000;
    app.log.info({ signal, bound_s: config.timeouts.shutdownS }, 'shutting down');
    const closeConnections = setTimeout(() => {
      app.server.getConnections((_err, open) => app.log.warn({ open }, `shutdown: requests still open after ${(boundMs - 2000) / 1000} s; closing their connections`));
      app.server.closeAllConnections();
    }, boundMs - 2000);
    const giveUp = setTimeout(() => {
      app.log.error(`shutdown did not finish within ${boundMs / 1000} s (STARLIGHT_SHUTDOWN_TIMEOUT_S): exiting anyway`);
      process.exit(1);
    }, boundMs);
    try {
      await app.close();
    } finally {
      clearTimeout(closeConnections);
      await database.close();
    }
    clearTimeout(giveUp);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  // the banner below says where the console listens: Fastify's own "Server listening" log line would repeat it,
  // and, written by the logger on its own schedule, could land after the address (which must print last)
  const level = app.log.level;
  app.log.level = 'warn';
  await app.listen({ host: config.host, port: config.port });
  app.log.level = level;
  // interactive sessions' apps on an origin of their own (modules/interactive/README.md)
  const sessionPort = await app.sessionOrigin.listen(config.host, config.interactive.sessionPort);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  const databaseText = database.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL';
  process.stdout.write(`Interactive sessions are served on port ${sessionPort}${config.interactive.sessionPublicUrl ? ` (${config.interactive.sessionPublicUrl})` : ''}\n`);
  // the banner ends with the address: the last line printed (scripts/start.test.mjs)
  process.stdout.write(startBanner({ url, basePath: config.basePath, database: databaseText, notices, runtime: runtimeNotice() }));
  void app.startDeferredWork();
}

/** host:port/db of a postgres:// URL, without the credentials. */
function databaseAddress(url: string | null): string {
  if (!url) return 'PGlite';
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

main().catch((error: unknown) => {
  if (error instanceof LockHeldError) process.stderr.write(`${error.message}\n`);
  else if (error instanceof DatabaseUnreachableError) process.stderr.write(`Starlight failed to start: ${error.message}\n`);
  else process.stderr.write(`Starlight failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
