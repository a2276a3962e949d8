import { z } from 'zod';

/**
 * Settings of the `ssh` file driver, one set per cluster (config.ts maps STARLIGHT_FILES_SSH_* here).
 *
 * Authentication: one service key per cluster, the console's, authorised for every bound account on
 * the login node (authorized_keys, ideally with `restrict,command="…/sftp-server"` so it can speak
 * SFTP only, and `from=` the console's address). We chose it over per-account keys: there is one
 * secret to keep and rotate, nothing to provision per user in the console, and the cluster's admins
 * see and control the grant in the usual place. The SSH session still logs in as the account, so
 * every file operation is the account's own, checked by the cluster's Unix permissions.
 */
export const sshFileDriverConfigSchema = z.object({
  host: z.string().min(1),
  port: z.number().int().min(1).max(65535).default(22),
  /** The login node's host key as OpenSSH prints it (`ssh-keygen -lf key.pub` → `SHA256:…`). */
  hostKeySha256: z
    .string()
    .regex(/^(SHA256:)?[A-Za-z0-9+/]{43}=?$/, 'an OpenSSH SHA256 host-key fingerprint, e.g. SHA256:Qs4h…'),
  /** The service private key's text (OpenSSH or PEM); config reads it from a file, never from the repo. */
  privateKey: z.string().min(1),
  passphrase: z.string().optional(),
  /** A connection with no call in flight for this long is closed. */
  idleMs: z.number().int().min(0).default(60_000),
  maxPerAccount: z.number().int().min(1).max(64).default(4),
  connectTimeoutMs: z.number().int().min(100).default(10_000),
  /**
   * A login node that stops answering (frozen, cut off without a FIN) is given up after `keepaliveMs` ×
   * `keepaliveCountMax` unanswered keepalives (≈ 15-20 s): every call on the connection then fails with 1502.
   */
  keepaliveMs: z.number().int().min(0).default(5_000),
  keepaliveCountMax: z.number().int().min(1).default(3),
});

export type SshFileDriverConfig = z.input<typeof sshFileDriverConfigSchema>;
export type SshSettings = z.output<typeof sshFileDriverConfigSchema>;
