import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { findServerRoot } from './lib/paths';

/**
 * Every setting, validated once at start-up. Sources, later winning: the JSON file named by
 * STARLIGHT_CONFIG (keys without the prefix: {"PORT": 8080}), the environment (STARLIGHT_PORT),
 * then command-line flags (--demo). A bad value stops start-up with a message naming it.
 */
const envPrefix = 'STARLIGHT_';

const fromString = (value: unknown): unknown => (typeof value === 'string' ? value.trim() : value);
const int = () =>
  z.preprocess((v) => {
    const s = fromString(v);
    return typeof s === 'string' && /^-?\d+$/.test(s) ? Number(s) : s;
  }, z.number({ error: 'expected an integer' }).int());
const flag = () =>
  z.preprocess((v) => {
    const s = fromString(v);
    if (typeof s !== 'string') return s;
    if (['1', 'true', 'yes', 'on'].includes(s.toLowerCase())) return true;
    if (['', '0', 'false', 'no', 'off'].includes(s.toLowerCase())) return false;
    return s;
  }, z.boolean({ error: 'expected true or false (1/0)' }));
const trustProxy = () =>
  z.preprocess((v) => {
    const s = fromString(v);
    if (typeof s !== 'string') return s;
    if (['true', 'false'].includes(s)) return s === 'true';
    return /^\d+$/.test(s) ? Number(s) : s;
  }, z.union([z.boolean(), z.number().int().min(0), z.string().min(1)]));
const secret = () => z.string().min(8, 'must be at least 8 characters').max(32, 'must be at most 32 characters');

const defaultEnv = (): 'production' | 'development' | 'test' =>
  process.env.NODE_ENV === 'production' ? 'production' : process.env.NODE_ENV === 'test' ? 'test' : 'development';

export const settingsSchema = z
  .object({
    PORT: int().pipe(z.number().min(0).max(65535)).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
    /** With DATABASE_URL: how long start-up retries while the database refuses connections (or is starting up) before giving up. */
    DATABASE_CONNECT_TIMEOUT_S: int().pipe(z.number().min(0)).default(30),
    DATA_DIR: z.string().min(1).default('./data'),
    BASE_PATH: z.string().regex(/^(\/[\w-]+)+$/, 'must look like /api (leading slash, no trailing slash)').default('/api'),
    WEB_DIST: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ENV: z.enum(['production', 'development', 'test']).default(defaultEnv),
    BODY_LIMIT: int().pipe(z.number().min(1024, 'must be at least 1024 bytes')).default(1024 * 1024),
    /** A request body that sends no byte for this long while the console waits for one fails (1400 body-idle-timeout) and its connection is closed. */
    BODY_IDLE_TIMEOUT_S: int().pipe(z.number().min(1)).default(60),
    /** A request's headers must all arrive within this long (Node's headersTimeout; the connection is closed with 408 otherwise). */
    HEADERS_TIMEOUT_S: int().pipe(z.number().min(1)).default(60),
    /** SIGTERM/SIGINT: open requests get this long to end; then their connections are closed and the process exits regardless. */
    SHUTDOWN_TIMEOUT_S: int().pipe(z.number().min(3)).default(10),
    INITIAL_ADMIN_PASSWORD: secret().optional(),
    DEMO: flag().default(false),
    DEMO_PASSWORD: secret().optional(),
    /** Failed logins of one account from one address before that pair backs off (1429); never a lock of the account or the address. */
    LOGIN_MAX_FAILURES: int().pipe(z.number().min(1)).default(5),
    /** The first back-off; doubles with each further failure of the pair, up to LOGIN_FAILURE_WINDOW_S. */
    LOGIN_BACKOFF_BASE_S: int().pipe(z.number().min(1)).default(30),
    LOGIN_FAILURE_WINDOW_S: int().pipe(z.number().min(1)).default(900),
    /** Failed logins for one account (and from one address) after which a login must carry a solved captcha (555 until then). */
    LOGIN_CAPTCHA_AFTER: int().pipe(z.number().min(1)).default(3),
    LOGIN_CAPTCHA_AFTER_IP: int().pipe(z.number().min(1)).default(10),
    /** SEC30: password fields arrive AES-256-GCM encrypted (spec §5); must match the web build's VITE_STARLIGHT_PASSWORD_ENCRYPTION. */
    PASSWORD_ENCRYPTION: z.enum(['none', 'SEC30']).default('none'),
    /** The cloud side's cookie domain (e.g. .cloud.example.com) for POST /keystone/cloud/token; unset: the cloud calls are no-ops. */
    CLOUD_COOKIE_DOMAIN: z.string().regex(/^\.?[a-z0-9.-]+$/i, 'must be a domain like .example.com').optional(),
    TRUST_PROXY: trustProxy().default(false),
    /** Minutes without traffic through its proxy after which a running interactive session is offered to be ended. */
    SESSION_IDLE_MINUTES: int().pipe(z.number().min(1)).default(60),
    /** How often the leader looks for registries whose garbage-collection interval (`gc_interval_hours`) has passed. */
    IMAGE_GC_CHECK_MS: int().pipe(z.number().min(100)).default(10 * 60_000),
    /** The interactive sessions' own listener (their apps get an origin apart from the console's). Default PORT + 1 (0: a free port). */
    SESSION_PORT: int().pipe(z.number().min(0).max(65535)).optional(),
    /** The session origin as browsers reach it (https://sessions.example.com). Default: the console's host at SESSION_PORT. */
    SESSION_PUBLIC_URL: z.string().regex(/^https?:\/\/[^/?#]+$/, 'must be an http(s) origin without a path, e.g. https://sessions.example.com').optional(),
    /**
     * Origins other than the console's that its pages may frame (CSP frame-src), comma-separated; `none`: only its own
     * pages and blob: (PDF previews). Default: WeChat's QR sign-in page, the one foreign page the console embeds.
     */
    FRAME_SOURCES: z
      .string()
      .default('https://open.weixin.qq.com')
      .transform((text) => text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '' && entry.toLowerCase() !== 'none'))
      .pipe(z.array(z.string().regex(/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i, 'each entry must be an origin such as https://open.weixin.qq.com (scheme and host, no path; `none` for none)'))),
    /** One upload's limit in bytes (PUT /storage/upload and upload sessions); unset: unlimited. */
    UPLOAD_MAX_BYTES: int().pipe(z.number().min(1)).optional(),
    /** Unfinished upload sessions (and their part files) are removed this long after their last chunk. */
    UPLOAD_SESSION_TTL_S: int().pipe(z.number().min(60)).default(24 * 3600),
    /** Upload bodies (PUT /storage/upload, chunks) one user may send at once on this instance (1429 above); the web sends up to 6. */
    UPLOAD_MAX_CONCURRENT_PER_USER: int().pipe(z.number().min(1)).default(8),
    /** A directory downloaded as a tar may hold at most this many bytes (1400 above it). */
    DOWNLOAD_TAR_MAX_BYTES: int().pipe(z.number().min(1)).default(4 * 1024 ** 3),
    /** smtp://user:pass@host:port (or smtps://); unset: mail goes to the outbox table a platform admin reads. */
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
    SMTP_FROM: z.string().min(3).default('Starlight <no-reply@localhost>'),
    /** Verification codes per e-mail/phone, and per client address, within an hour (1429 above). */
    CODE_MAX_PER_ADDRESS: int().pipe(z.number().min(1)).default(5),
    CODE_MAX_PER_IP: int().pipe(z.number().min(1)).default(20),
    /** The console's public origin (https://console.example.com): the OpenID provider's issuer is <PUBLIC_URL><BASE_PATH>. Default http://HOST:PORT. */
    PUBLIC_URL: z.string().regex(/^https?:\/\/[^/?#]+$/, 'must be an http(s) origin without a path, e.g. https://console.example.com').optional(),
    /** The provider's domain (spec §2, §5): single sign-on serves sites on it and its subdomains. Default: the registrable domain of PUBLIC_URL. */
    SSO_DOMAIN: z.string().regex(/^[a-z0-9.-]+$/i, 'must be a host name such as example.com').optional(),
    /** TEST ONLY: every captcha's answer is this text. Ignored unless ENV is test (the e2e server sets it). */
    CAPTCHA_FIXED_ANSWER: z.string().min(1).max(20).optional(),
    /** Node metrics of clusters without their own metrics setting whose driver is `local` (this host): a Prometheus URL. */
    PROMETHEUS_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    /** How such a node's series are found: label and value (`{node}` = the scheduler's node name). */
    PROMETHEUS_NODE_LABEL: z.string().regex(/^[a-zA-Z_][a-zA-Z0-9_]*$/, 'must be a Prometheus label name').default('instance'),
    PROMETHEUS_NODE_TEMPLATE: z.string().min(1).max(200).regex(/^[^"\\]*$/, 'no quotes or backslashes').default('{node}:9100'),
    /** GET /metrics with `Authorization: Bearer <this>` is answered from any address (at least 16 characters). */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Addresses and CIDR ranges answered GET /metrics without the token (comma-separated); `none` for nobody. */
    METRICS_ALLOW: z.string().default('127.0.0.1,::1'),
    /** Node states are polled this often for the events log (0: only when a page reads them); default 60, 0 when ENV is test. */
    MONITOR_POLL_S: int().pipe(z.number().min(0)).optional(),
    JOBS_SYNC_S: int().pipe(z.number().min(0)).optional(),
    FEES_SYNC_S: int().pipe(z.number().min(0)).optional(),
    FEES_BACKFILL_DAYS: int().pipe(z.number().min(1).max(3660)).optional(),
    /** Server running as root: the Unix users of the embedded cluster's accounts are named <prefix><install tag>-<account> (drivers/local-users). */
    LOCAL_USER_PREFIX: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,10}-$/, 'must be 1 to 11 lowercase letters, digits or _ followed by -, like sl-')
      .default('sl-'),
    /** ... and get uids and gids in this range (inside Debian's normal-user range, away from its first users). */
    LOCAL_UID_MIN: int().pipe(z.number().min(1000).max(4_000_000_000)).default(50_000),
    LOCAL_UID_MAX: int().pipe(z.number().min(1000).max(4_000_000_000)).default(59_999),
  })
  .strict()
  .refine((s) => s.LOCAL_UID_MIN <= s.LOCAL_UID_MAX, { path: ['LOCAL_UID_MAX'], message: 'must not be below LOCAL_UID_MIN' });

type SettingName = keyof z.output<typeof settingsSchema>;
const settingNames = Object.keys(settingsSchema.shape) as SettingName[];

export type Config = ReturnType<typeof toConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface ConfigSources {
  env?: NodeJS.ProcessEnv;
  argv?: readonly string[];
  cwd?: string;
}

export function loadConfig({ env = process.env, argv = [], cwd = process.cwd() }: ConfigSources = {}): Config {
  const file = env[`${envPrefix}CONFIG`];
  const fromFile = file ? readConfigFile(path.resolve(cwd, file)) : {};
  const raw: Record<string, unknown> = { ...fromFile };
  const origin: Record<string, string> = Object.fromEntries(Object.keys(fromFile).map((k) => [k, `${k} in ${file}`]));
  for (const name of settingNames) {
    const value = env[envPrefix + name];
    // An empty variable (`STARLIGHT_X=`) counts as unset, as compose files and shells often leave them.
    if (value !== undefined && value !== '') {
      raw[name] = value;
      origin[name] = envPrefix + name;
    }
  }
  if (argv.includes('--demo')) {
    raw.DEMO = true;
    origin.DEMO = '--demo';
  }
  const parsed = settingsSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? ('keys' in issue ? issue.keys.join(', ') : ''));
      const where = origin[key] ?? (key ? envPrefix + key : 'configuration');
      return issue.code === 'unrecognized_keys'
        ? `${file}: unknown setting ${issue.keys.join(', ')}`
        : `${where}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return toConfig(parsed.data, cwd);
}

function toConfig(s: z.output<typeof settingsSchema>, cwd: string) {
  const publicUrl = s.PUBLIC_URL ?? `http://${s.HOST.includes(':') ? `[${s.HOST}]` : s.HOST}:${s.PORT}`;
  // cookies ignore ports: the console's script-readable token cookie would reach a session app on its host
  if (s.SESSION_PUBLIC_URL && new URL(s.SESSION_PUBLIC_URL).hostname === new URL(publicUrl).hostname)
    throw new ConfigError(`Invalid configuration:\n  STARLIGHT_SESSION_PUBLIC_URL: must be on another host than the console's (${new URL(publicUrl).hostname}); browsers share cookies across ports`);
  return {
    port: s.PORT,
    host: s.HOST,
    databaseUrl: s.DATABASE_URL ?? null,
    databaseConnectTimeoutS: s.DATABASE_CONNECT_TIMEOUT_S,
    dataDir: path.resolve(cwd, s.DATA_DIR),
    basePath: s.BASE_PATH,
    webDist: s.WEB_DIST ? path.resolve(cwd, s.WEB_DIST) : path.resolve(findServerRoot(), '..', 'web', 'dist'),
    logLevel: s.LOG_LEVEL,
    env: s.ENV,
    bodyLimit: s.BODY_LIMIT,
    timeouts: { bodyIdleS: s.BODY_IDLE_TIMEOUT_S, headersS: s.HEADERS_TIMEOUT_S, shutdownS: s.SHUTDOWN_TIMEOUT_S },
    initialAdminPassword: s.INITIAL_ADMIN_PASSWORD ?? null,
    demo: s.DEMO,
    demoPassword: s.DEMO_PASSWORD ?? null,
    login: {
      maxFailures: s.LOGIN_MAX_FAILURES,
      backoffBaseS: s.LOGIN_BACKOFF_BASE_S,
      windowS: s.LOGIN_FAILURE_WINDOW_S,
      captchaAfter: s.LOGIN_CAPTCHA_AFTER,
      captchaAfterIp: s.LOGIN_CAPTCHA_AFTER_IP,
    },
    passwordEncryption: s.PASSWORD_ENCRYPTION,
    cloudCookieDomain: s.CLOUD_COOKIE_DOMAIN ?? null,
    trustProxy: s.TRUST_PROXY,
    publicUrl,
    ssoDomain: s.SSO_DOMAIN?.toLowerCase() ?? null,
    storage: {
      uploadMaxBytes: s.UPLOAD_MAX_BYTES ?? null,
      uploadSessionTtlS: s.UPLOAD_SESSION_TTL_S,
      uploadMaxConcurrentPerUser: s.UPLOAD_MAX_CONCURRENT_PER_USER,
      tarMaxBytes: s.DOWNLOAD_TAR_MAX_BYTES,
    },
    metrics: { token: s.METRICS_TOKEN ?? null, allow: parseAllowList(s.METRICS_ALLOW) },
    monitor: {
      prometheusUrl: s.PROMETHEUS_URL ?? null,
      prometheusNodeLabel: s.PROMETHEUS_NODE_LABEL,
      prometheusNodeTemplate: s.PROMETHEUS_NODE_TEMPLATE,
      // test apps come and go by the dozen: they poll only when a test asks for it
      pollSeconds: s.MONITOR_POLL_S ?? (s.ENV === 'test' ? 0 : 60),
    },
    imageGcCheckMs: s.IMAGE_GC_CHECK_MS,
    frameSources: s.FRAME_SOURCES,
    // the leader's job-copy round without lists (settles jobs the controller forgot); off in tests unless asked
    jobs: { backgroundSyncSeconds: s.JOBS_SYNC_S ?? (s.ENV === 'test' ? 0 : 30) },
    interactive: {
      idleMinutes: s.SESSION_IDLE_MINUTES,
      sessionPort: s.SESSION_PORT ?? (s.PORT === 0 ? 0 : s.PORT + 1),
      sessionPublicUrl: s.SESSION_PUBLIC_URL ?? null,
    },
    // the clusters' accounting is read (and fee limits written into Slurm) this often, by the leader
    fees: { syncSeconds: s.FEES_SYNC_S ?? (s.ENV === 'test' ? 0 : 300), backfillDays: s.FEES_BACKFILL_DAYS ?? 30 },
    localUsers: { prefix: s.LOCAL_USER_PREFIX, uidMin: s.LOCAL_UID_MIN, uidMax: s.LOCAL_UID_MAX },
    verification: {
      smtpUrl: s.SMTP_URL ?? null,
      mailFrom: s.SMTP_FROM,
      maxCodesPerAddress: s.CODE_MAX_PER_ADDRESS,
      maxCodesPerIp: s.CODE_MAX_PER_IP,
      captchaFixedAnswer: s.ENV === 'test' ? (s.CAPTCHA_FIXED_ANSWER ?? null) : null,
    },
  };
}

function readConfigFile(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError(`STARLIGHT_CONFIG: cannot read ${file}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`STARLIGHT_CONFIG: ${file} is not valid JSON (${(error as Error).message})`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new ConfigError(`STARLIGHT_CONFIG: ${file} must hold a JSON object of settings`);
  return data as Record<string, unknown>;
}

/** `127.0.0.1, 10.0.0.0/8, ::1` → entries; `none` (or nothing) → none. A bad entry stops start-up. */
function parseAllowList(text: string): string[] {
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '' && entry.toLowerCase() !== 'none');
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits)))
      throw new ConfigError(`STARLIGHT_METRICS_ALLOW: "${entry}" is not an address or CIDR range`);
  }
  return entries;
}
