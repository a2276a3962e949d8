import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { openClusterBus, type ClusterBus, type DatabaseNotifications } from './lib/cluster-bus';
import { serverVersion } from './lib/version';
import { adminAnnouncement, closedPathWarning, demoAnnouncement, sharedLocalAnnouncement, sharedPidsWarning } from './lib/announcement';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { errorHandlerPlugin, replyWithFailure } from './plugins/error-handler';
import { inputGuardPlugin } from './plugins/input-guard';
import { createConsoleMetrics, metricsPlugin } from './plugins/metrics';
import { permissionsPlugin } from './plugins/permissions';
import { rateLimitPlugin } from './plugins/rate-limit';
import { requestLogPlugin } from './plugins/request-log';
import { securityHeadersPlugin } from './plugins/security-headers';
import { timeoutsPlugin } from './plugins/timeouts';
import { spaPlugin } from './plugins/spa';
import { swaggerPlugin } from './plugins/swagger';
import websocket from '@fastify/websocket';
import { createBindingModule } from './modules/binding/binding.module';
import { createClustersModule } from './modules/clusters/clusters.module';
import { defaultClusterName } from './modules/clusters/clusters.service';
import { createQuotasModule } from './modules/quotas/quotas.module';
import { createApprovalsModule } from './modules/approvals/approvals.module';
import { createDemoSeed } from './modules/demo/demo-seed.service';
import { createIdentityModule } from './modules/identity/identity.module';
import { createProfileModule } from './modules/profile/profile.module';
import { createJobsModule } from './modules/jobs/jobs.module';
import { createMessagesModule } from './modules/messages/messages.module';
import { createLabelsModule } from './modules/labels/labels.module';
import { seedDemoLinkSettings } from './modules/labels/demo-links';
import { createMonitorModule } from './modules/monitor/monitor.module';
import { createSchedulerModule } from './modules/scheduler/scheduler.module';
import { createSystemModule } from './modules/system/system.module';
import { createStorageModule } from './modules/storage/storage.module';
import { createStorageAccount } from './modules/storage/storage-account';
import { createClusterStorageModule } from './modules/cluster-storage/cluster-storage.module';
import { createVerificationModule } from './modules/verification/verification.module';
import { createWebSshModule } from './modules/webssh/webssh.module';
import { createAuditModule } from './modules/audit/audit.module';
import { impersonationAuditPlugin } from './modules/audit/impersonation-audit.plugin';
import { takeTurn } from './lib/turns';
import { createSsoModule } from './modules/sso/sso.module';
import { createInteractiveModule } from './modules/interactive/interactive.module';
import { missingAppsNotice } from './modules/interactive/interactive-apps';
import type { SessionOrigin } from './modules/interactive/session-origin';
import { createAppsModule } from './modules/apps/apps.module';
import { seedDemoApps, seedShippedApps } from './modules/apps/demo-apps';
import { createImagesModule } from './modules/images/images.module';
import { createFeesModule } from './modules/fees/fees.module';
import { createMallModule } from './modules/mall/mall.module';
import { createDocsModule } from './modules/docs/docs.module';
import { createUdmModule } from './modules/udm/udm.module';
import { createStatisticsModule } from './modules/statistics/statistics.module';
import { createTicketsModule } from './modules/tickets/tickets.module';
import { probeRclone } from './drivers/transfer/rclone';
import { createLocalFileDriver } from './drivers/files/local/local-driver';
import { closedAncestors, lockDataDir } from './drivers/local-users/homes';
import { openLocalUsers, runningAsRoot } from './drivers/local-users/unix-users';
import { pidNamespacesAvailable } from './drivers/scheduler/local/job-process';
import { serializeError } from './lib/log-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** The listener that serves interactive sessions' apps only (modules/interactive/session-origin.ts). */
    sessionOrigin: SessionOrigin;
    /**
     * Starts the start-up work no request waits for (AppDeps.deferStartWork), once; resolves when it is done.
     * Its failures are logged, never thrown; closing the app waits for it.
     */
    startDeferredWork(): Promise<void>;
  }
}

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export interface AppDeps {
  db: Pick<DatabaseHandle, 'db' | 'kind' | 'poolStats'>;
  /** Where one-time start-up notices (first admin password) go; stdout by default. */
  announce?: (text: string) => void;
  /** Log destination (tests capture it); stdout by default. */
  logStream?: DestinationStream;
  now?: () => Date;
  /**
   * Whether the server may switch users (root): then each account of the embedded `local` cluster
   * runs its jobs as its own Unix user. Default: the process's real uid is 0. Tests inject false.
   */
  isRoot?: boolean;
  /**
   * The PostgreSQL URL for the cluster bus (leader lock, LISTEN/NOTIFY) when `config.databaseUrl` does
   * not name the database `db` is on (tests open their own).
   */
  databaseUrl?: string | null;
  /** A bus made by the caller (tests: a short retry); otherwise one is opened here and closed with the app. */
  bus?: ClusterBus;
  /**
   * Leave the start-up work no request needs first (shipped apps and documents seeded, program probes,
   * interrupted transfers resumed) to `app.startDeferredWork()`, which server.ts calls once it listens.
   * Default: done within buildApp, so tests see a finished start.
   */
  deferStartWork?: boolean;
}

/**
 * Builds the app: plugins, then modules, then the start-up bootstrap (builtin roles, first
 * admin, demo data). The database must already be migrated. Routes may still be added by the
 * caller until `ready()`.
 */
export async function buildApp(config: Config, deps: AppDeps): Promise<App> {
  const { db, kind } = deps.db;
  // /metrics (served by metricsPlugin below); the jobs sync reports into it
  const metrics = createConsoleMetrics({ pool: deps.db.poolStats });
  const announce = deps.announce ?? ((text: string) => void process.stdout.write(text));
  const app = Fastify({
    // Fastify's type for `err` is its default serializer's output (stack always there); pino takes any object
    logger: { level: config.logLevel, serializers: { err: serializeError as (error: Error) => { type: string; message: string; stack: string } }, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Fastify's two lines per request are replaced by the request-log plugin's one line.
    logController: new LogController({ requestIdLogLabel: 'uuid', disableRequestLogging: true }),
    bodyLimit: config.bodyLimit,
    // The server's clocks, set on purpose (ARCHITECTURE "Timeouts"): no whole-request clock (an upload of
    // many gigabytes may rightly take hours) and no socket-idle clock (a copy or a validation may rightly
    // send nothing for minutes); instead a body idle clock and Node's headers clock (plugins/timeouts.ts),
    // Fastify's keep-alive, and a bounded shutdown (server.ts).
    requestTimeout: 0,
    connectionTimeout: 0,
    keepAliveTimeout: 72_000,
    // A hop count is given to Fastify as the function form, which its types accept.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    frameworkErrors: (error, request, reply) => replyWithFailure(error, request, reply, config.bodyLimit),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Instances on one PostgreSQL: one leader runs the background work, caches are invalidated across them.
  const busUrl = kind === 'postgres' ? (deps.databaseUrl ?? config.databaseUrl) : null;
  if (kind === 'postgres' && !busUrl && !deps.bus) app.log.warn('no PostgreSQL URL for the cluster bus: this instance acts alone');
  const bus =
    deps.bus ??
    (await openClusterBus(busUrl, { log: (error, context) => app.log.warn({ err: error }, context), database: kind === 'pglite' ? pgliteNotifications(db) : undefined }));
  if (!deps.bus) app.addHook('onClose', () => bus.close());

  const verification = createVerificationModule({
    db,
    settings: config.verification,
    log: (error, context) => app.log.warn({ err: error }, context),
    now: deps.now,
  });
  app.addHook('onClose', () => verification.mail.close());
  const audit = createAuditModule({
    db,
    // identity is built next; the lookup runs only at request time
    findUserId: (userName) => identity.accounts.findUserId(userName),
    log: (error, context) => app.log.warn({ err: error }, context),
    now: deps.now,
  });
  // built early: every module that tells users something is handed messages.service.send
  const messages = createMessagesModule({
    db,
    mail: verification.mail,
    // identity is built below; addresses are looked up only when a message is sent
    emailOf: async (userId) => (await identity.accounts.profileOf(userId))?.email ?? null,
    log: (error, context) => app.log.warn({ err: error }, context),
    now: deps.now,
    bus,
  });
  // the points mall pays its admin-set rules on registration (identity) and on completed verification (profile)
  const mall = createMallModule({ db });
  const award = (event: 'register' | 'verify') => (userId: number) => mall.service.award(userId, event).catch((error: unknown) => app.log.warn({ err: error }, `points for ${event} of user ${userId}`));
  // the user's own account; built before identity, whose login consults its sign-in rules
  const profile = createProfileModule({
    onVerified: award('verify'),
    db,
    dataDir: config.dataDir,
    codes: verification.codes,
    mail: verification.mail,
    audit: audit.service,
    log: (error, context) => app.log.warn({ err: error }, context),
    now: deps.now,
  });
  const identity = createIdentityModule({
    db,
    login: config.login,
    initialAdminPassword: config.initialAdminPassword,
    now: deps.now,
    verification,
    audit: audit.service,
    loginPolicy: profile.loginPolicy,
    passwordEncryption: config.passwordEncryption,
    cloudCookieDomain: config.cloudCookieDomain,
    send: messages.service.send,
    onRegistered: award('register'),
    bus,
  });
  const labels = createLabelsModule({ db, now: deps.now });
  const docs = createDocsModule({ db });
  const system = createSystemModule({ db, kind, version: serverVersion });
  const isRoot = deps.isRoot ?? runningAsRoot();
  // before any driver makes a home: the database and secrets closed, the way to the homes open
  if (isRoot) await lockDataDir(config.dataDir, localPassages);
  // the install's identity (install.json, made on the first start) names and marks its users
  const localUsers = isRoot ? await openLocalUsers(config.dataDir, config.localUsers) : undefined;
  const fileDriver = createLocalFileDriver({ dataDir: config.dataDir, users: localUsers });
  const storage = createStorageModule({
    db,
    driver: fileDriver,
    findUser: identity.accounts.findUser,
    settings: config.storage,
    // cluster-storage is built below (it needs the clusters); these run only at request time
    bus,
    storages: {
      locate: (actor, fileIdentity, target) => clusterStorage.forStorageModule.locate(actor, fileIdentity, target),
      driverFor: (storageId) => clusterStorage.forStorageModule.driverFor(storageId),
      changed: (storageId, account) => clusterStorage.forStorageModule.changed(storageId, account),
    },
    now: deps.now,
  });
  const log = (error: unknown, context: string) => app.log.warn({ err: error }, context);
  const notice = (message: string) => app.log.info(message);
  const hpc = createClustersModule({ db, dataDir: config.dataDir, findUserId: identity.accounts.findUserId, log, notice, localUsers, bus });
  const clusterStorage = createClusterStorageModule({
    db,
    dataDir: config.dataDir,
    clusters: hpc.clusters,
    partitions: hpc.partitions,
    identityOf: createStorageAccount(identity.accounts.findUser),
    log,
    now: deps.now,
    localUsers,
    bus,
  });
  app.addHook('onClose', () => clusterStorage.drivers.close());
  // binding is built first; a new binding's grants are applied by the quotas module (built next)
  const binding = createBindingModule({ db, accounts: identity.accounts, clusters: hpc.clusters, log, now: deps.now, onBound: (userId) => quotas.sync.syncUser(userId).then(() => undefined), send: messages.service.send });
  const quotas = createQuotasModule({ db, clusters: hpc.clusters, partitions: hpc.partitions, log, now: deps.now, audit: audit.service, send: messages.service.send });
  const tickets = createTicketsModule({
    db,
    files: storage.files,
    send: messages.service.send,
    log,
    now: deps.now,
    // the jobs module is made next; tickets are only opened once both exist
    ownsJob: (userId, clusterName, jobId) => jobs.service.isOwn(userId, clusterName, jobId),
  });
  const webssh = createWebSshModule({ db, clusters: hpc.clusters, policies: hpc.networkPolicies, accountOf: binding.service.accountOf, audit: audit.service });
  const fees = createFeesModule({ db, clusters: hpc.clusters, syncSeconds: config.fees.syncSeconds, backfillDays: config.fees.backfillDays, now: deps.now, log, send: messages.service.send });
  const jobs = createJobsModule({
    db,
    mayCharge: fees.service.assertMaySubmit,
    clusters: hpc.clusters,
    partitions: hpc.partitions,
    binding: binding.service,
    accounts: identity.accounts,
    log,
    notice,
    // monitor is built next; the sync reports only at request time
    onJobsSeen: (cluster, seen) => monitor.events.jobsSeen(cluster, seen),
    notices: { send: messages.service.send, optedIn: messages.service.optedIn },
    bus,
    sync: { onSynced: metrics.jobSynced },
  });
  const apps = createAppsModule({
    db,
    accounts: identity.accounts,
    clusters: hpc.clusters,
    binding: binding.service,
    submit: jobs.submit,
    log,
    now: deps.now,
    // the images module is made below; launches only happen once both exist
    pinImages: (actor, files) => images.pins.pin(actor, files),
  });
  const monitor = createMonitorModule({ db, clusters: hpc.clusters, jobs: jobs.service, audit: audit.service, settings: config.monitor, log, now: deps.now });
  const interactive = createInteractiveModule({
    db,
    clusters: hpc.clusters,
    binding: binding.service,
    submit: jobs.submit,
    idleMinutes: config.interactive.idleMinutes,
    sessionPublicUrl: config.interactive.sessionPublicUrl,
    log,
    now: deps.now,
    bus,
  });
  const statistics = createStatisticsModule({
    db,
    signInsBetween: (from, to) => audit.service.signInsBetween(from, to).then((rows) => rows.map((r) => ({ userName: r.userName ?? '', result: r.result, detail: r.detail }))),
    registeredBetween: identity.accounts.registeredBetween,
    endedBetween: jobs.service.endedBetween,
    capacity: async () =>
      (await hpc.partitions.list({ page: 1, page_size: 100 })).list.map((p) => ({ cluster: p.cluster_name, partition: p.name, cpus: p.total_cpus ?? 0 })),
    runsBetween: apps.runs.activityBetween,
    approvalsBetween: (from, to) => approvals.applications.activityBetween(from, to),
    imagesBetween: (from, to) => images.activity.between(from, to),
    gpuBetween: fees.service.gpuUsageBetween,
    communityByGroup: identity.accounts.communityByGroup,
    visibleGroupNames: identity.accounts.visibleGroupNames,
    now: deps.now,
  });
  const scheduler = createSchedulerModule({ db, auth: identity.auth, now: deps.now });
  const sso = await createSsoModule({
    db,
    publicUrl: config.publicUrl,
    basePath: config.basePath,
    domain: config.ssoDomain,
    trustProxy: config.trustProxy !== false,
    accounts: identity.accounts,
    auth: identity.auth,
    audit: audit.service,
    now: deps.now,
    log,
    isLeader: bus.isLeader,
  });
  app.addHook('onClose', () => hpc.drivers.close());
  const images = createImagesModule({
    db,
    dataDir: config.dataDir,
    audit: audit.service,
    isPlatformAdmin: async (userId, status) => (await identity.permissions.keysOf(userId, status)).includes('dchub-basic-admin'),
    appDocuments: apps.documentsOf,
    now: deps.now,
    log,
  });
  // approvals apply their grants through the owning modules' services, in the deciding transaction
  const approvals = createApprovalsModule({
    db,
    send: messages.service.send,
    log,
    now: deps.now,
    isLeader: () => bus.isLeader(),
    partitions: quotas.applicationGrants,
    storage: clusterStorage.applicationGrants,
    groups: identity.membershipGrants,
    cpuHours: fees.applicationGrants,
    appPublish: apps.applicationGrants,
    imagePublic: images.applicationGrants,
  });
  const udm = createUdmModule({ db, files: fileDriver, accountOf: binding.service.accountOf, groupMateIds: identity.accounts.groupMateIds, localUsers, log, now: deps.now });
  // before the file driver closes: rclone is stopped and its transfers stay `running` for the next start
  app.addHook('onClose', () => udm.runner.stop());

  // the interactive sessions' own origin (a second listener: server.ts and the tests start it after the console's)
  app.decorate('sessionOrigin', interactive.origin);
  app.addHook('onClose', () => interactive.origin.close());

  // every request takes a turn before its work starts, so one loop turn never runs the whole backlog (lib/turns.ts)
  app.addHook('onRequest', takeTurn);
  await app.register(requestLogPlugin);
  // JSON answers of a few KiB or more compressed (the SPA's files are precompressed at build: plugins/spa.ts)
  await app.register(compressionPlugin);
  // binding handshake frames are `name:uuid`; nothing bigger is ever needed. Registered before auth: its
  // onRequest hook marks upgrades, and only a marked upgrade's socket is closed once refused (a websocket
  // without a token, refused by the auth hooks, otherwise stayed open and held the server's close).
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await app.register(securityHeadersPlugin, { frameSources: config.frameSources, connectSources: interactive.connectSources });
  await app.register(errorHandlerPlugin, { bodyLimit: config.bodyLimit });
  await app.register(timeoutsPlugin, { bodyIdleMs: config.timeouts.bodyIdleS * 1000, headersMs: config.timeouts.headersS * 1000 });
  await app.register(inputGuardPlugin);
  await app.register(authPlugin, {
    resolveActor: identity.auth.resolveToken,
    resolveSchedulerToken: scheduler.tokens.resolve,
    schedulerPrefix: `${config.basePath}/scheduler/`,
    bearerPrefix: `${config.basePath}/`,
  });
  await app.register(permissionsPlugin);
  await app.register(impersonationAuditPlugin, { audit: audit.service, switchPath: `${config.basePath}/keystone/short_term_token/change_user` });
  await app.register(rateLimitPlugin);
  await app.register(swaggerPlugin, { basePath: config.basePath, version: serverVersion, publicUrl: config.publicUrl });
  await app.register(metricsPlugin, { access: config.metrics, metrics });
  await app.register(spaPlugin, { webDist: config.webDist, apiPrefixes: [config.basePath, '/metrics'] });

  const prefix = config.basePath;
  await app.register(identity.routes, { prefix });
  await app.register(profile.routes, { prefix });
  await app.register(verification.routes, {
    prefix,
    captcha: verification.captcha,
    outbox: verification.outbox,
    outboxPolicy: { mayActOn: identity.contactAccess, audit: audit.service },
    delivery: verification.delivery,
  });
  await app.register(audit.routes, { prefix, audit: audit.service });
  await app.register(messages.routes, { prefix, inbox: messages.inbox, preferences: messages.preferences });
  await app.register(messages.streamRoutes, { prefix, events: messages.service.events });
  await app.register(messages.templatesRoutes, { prefix, ...messages.templatesRouteOptions });
  await app.register(labels.routes, { prefix, labels: labels.service });
  await app.register(system.routes, { prefix, system: system.service });
  await app.register(storage.routes, { prefix });
  app.addHook('onClose', () => fileDriver.close());
  await app.register(hpc.routes, { prefix, clusters: hpc.clusters, partitions: hpc.partitions });
  await app.register(clusterStorage.routes, { prefix });
  await app.register(binding.routes, { prefix, binding: binding.service });
  await app.register(quotas.routes, { prefix });
  await app.register(webssh.routes, { prefix });
  await app.register(jobs.routes, { prefix, jobs: jobs.service, submit: jobs.submit });
  await app.register(monitor.routes, { prefix });
  await app.register(scheduler.routes, { prefix, tokens: scheduler.tokens });
  await app.register(sso.routes, { prefix });
  await app.register(approvals.routes, { prefix, chains: approvals.chains, applications: approvals.applications, requestable: quotas.applicationGrants.requestable });
  await app.register(tickets.routes, { prefix, tickets: tickets.service });
  await app.register(interactive.routes, { prefix });
  await app.register(apps.routes, { prefix, apps: apps.apps, runs: apps.runs });
  await app.register(apps.adminRoutes, { prefix, admin: apps.admin });
  await app.register(apps.wrfRoutes, { prefix, wrf: apps.wrf });
  await app.register(images.routes, { prefix });
  await app.register(images.gateRoutes);
  await app.register(fees.routes, { prefix, ...fees.routeDeps });
  await app.register(mall.routes, { prefix, mall: mall.service });
  await app.register(docs.routes, { prefix, docs: docs.service, basePath: config.basePath });
  await app.register(udm.routes, { prefix, udm: udm.service });
  statistics.service.register(tickets.statisticsSource);
  await app.register(statistics.routes, { prefix, statistics: statistics.service, generateDemo: statistics.generateDemo, visibleGroupNames: statistics.visibleGroupNames });

  const url = `http://${config.host}:${config.port}`;
  // a process, answered while the bootstrap below works; awaited before the address is printed (its notice comes first)
  const rclone = probeRclone();
  const { admin } = await identity.bootstrap.run();

  if (admin) announce(adminAnnouncement(url, admin));
  if (config.demo) {
    const demo = await createDemoSeed({ accounts: identity.accounts, send: messages.service.send, now: deps.now }).seed(config.demoPassword);
    if (demo.created.length > 0) announce(demoAnnouncement(url, demo));
    await seedDemoLinkSettings(labels.service);
    await seedDemoApps(apps.apps, identity.accounts, log);
  }
  const freshInstall = (await hpc.clusters.allRows()).length === 0;
  await hpc.clusters.ensureDefault();
  await clusterStorage.ensureDefault();
  // without dedicated users a local job could read every home and the database: nobody's by default
  if (freshInstall && localUsers) await quotas.grantDefaultCluster(defaultClusterName);
  await binding.service.reconcile();
  if (localUsers) {
    await binding.service.prepareLocalAccounts();
    const closed = await closedAncestors(config.dataDir);
    if (closed.length > 0) app.log.warn(closedPathWarning(config.dataDir, closed));
    if (!(await pidNamespacesAvailable())) app.log.warn(sharedPidsWarning);
  } else announce(sharedLocalAnnouncement(serverUserName()));
  await profile.importAvatars();
  await approvals.start();
  app.addHook('onClose', async () => approvals.stop());
  const missingApps = missingAppsNotice();
  if (missingApps) app.log.warn(missingApps);
  const transfers = await rclone;
  if (!transfers) app.log.warn('rclone is not installed: data-source transfers cannot run (Debian: apt-get install rclone)');
  // Start-up work no request needs first (issue 24: the first request waited for all of it): each step
  // alone, so one failing does not keep the others from running; closing the app waits for them. They
  // print nothing unless they fail: the address is the last line of a start.
  const deferredSteps: [string, () => Promise<void>][] = [
    ['seeding the shipped apps', () => seedShippedApps(apps.apps, identity.accounts, log)],
    ['seeding the default documents', () => docs.service.seedDefaults()],
    // the leader runs background work: transfers left by a stopped or killed server run again there
    ['resuming transfers', async () => void (transfers && bus.isLeader() && (await udm.runner.resume()))],
  ];
  let deferred: Promise<void> | null = null;
  app.decorate('startDeferredWork', () => {
    deferred ??= (async () => {
      for (const [what, step] of deferredSteps) await step().catch((error: unknown) => log(error, what));
    })();
    return deferred;
  });
  app.addHook('onClose', async () => void (await deferred));
  if (!deps.deferStartWork) await app.startDeferredWork();
  const poller = monitor.startPolling(bus.isLeader);
  const jobsRound = config.jobs.backgroundSyncSeconds > 0 ? jobs.startBackgroundSync(bus.isLeader, config.jobs.backgroundSyncSeconds * 1000) : null;
  app.addHook('onClose', async () => jobsRound?.stop());
  const imageGc = images.startGcTimer(bus.isLeader, config.imageGcCheckMs);
  app.addHook('onClose', async () => imageGc.stop());
  app.addHook('onClose', () => poller.stop());
  const runPoller = config.env === 'test' ? null : apps.startPolling(bus.isLeader);
  app.addHook('onClose', async () => runPoller?.stop());
  const feesPoller = fees.startPolling(bus.isLeader);
  // template sends a killed or stopped process left pending are delivered by the leader
  const sending = messages.startSending();
  app.addHook('onClose', () => sending.stop());
  app.addHook('onClose', () => feesPoller.stop());
  // A new leader takes over the embedded local queues at once (pending jobs start, running ones are adopted).
  const stopLeading = bus.onLeadership((leader) => {
    if (!leader) return;
    if (transfers) void udm.runner.resume().catch((error: unknown) => log(error, 'resuming transfers'));
    void hpc.clusters
      .allRows()
      .then((rows) => Promise.all(rows.filter((row) => row.driver === 'local').map((row) => hpc.clusters.scheduler(row))))
      .catch((error: unknown) => log(error, 'taking over the local queues'));
  });
  app.addHook('onClose', async () => stopLeading());
  return app;
}

/** PGlite's own LISTEN: the database's change notifications (triggers) reach the in-process bus through it. */
const pgliteNotifications = (db: AppDeps['db']['db']): DatabaseNotifications => (db as unknown as { $client: DatabaseNotifications }).$client;

/** Folders of the data directory a job user must pass through: the homes and the job scripts. */
const localPassages = ['homes', 'scheduler'];

function serverUserName(): string {
  try {
    return `${os.userInfo().username} (uid ${process.getuid?.() ?? '?'})`;
  } catch {
    return `uid ${process.getuid?.() ?? '?'}`;
  }
}

const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;
