import { readFile } from 'node:fs/promises';
import { Code } from '@starlight/contract/codes';
import {
  clusterSettingsInputSchema,
  type ClusterDriver,
  type ClusterSettings,
  type ClusterSettingsInput,
  type ClusterSettingsPatch,
} from '@starlight/contract/hpc';
import type { SchedulerConfig } from '../../drivers/scheduler/create-scheduler';
import type { SshFileDriverConfig } from '../../drivers/files/ssh/ssh-options';
import { AppError } from '../../lib/app-error';
import type { ClusterSettingsRecord } from '../../db/schema/hpc';

/** The stored settings, read back through the contract's schema (a hand-edited row fails loudly, not later). */
export function readSettings(name: string, record: ClusterSettingsRecord): ClusterSettingsInput {
  const parsed = clusterSettingsInputSchema.safeParse(record);
  if (!parsed.success) throw new AppError(Code.upstreamDown, `cluster ${name} has invalid settings: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}

/** Settings as replies show them: the key files are secrets, so only whether they are set. */
export function publicSettings(settings: ClusterSettingsInput): ClusterSettings {
  return {
    rest_url: settings.rest_url ?? null,
    openapi_version: settings.openapi_version ?? null,
    admin_account: settings.admin_account ?? null,
    default_account: settings.default_account ?? null,
    ...(settings.group_accounts ? { group_accounts: settings.group_accounts } : {}),
    cpu_slots: settings.cpu_slots ?? null,
    max_time_limit_minutes: settings.max_time_limit_minutes ?? null,
    jwt_key_configured: settings.jwt_key_file !== undefined,
    ssh: settings.ssh
      ? { host: settings.ssh.host, port: settings.ssh.port, host_key_sha256: settings.ssh.host_key_sha256, key_configured: true, shell_key_configured: settings.ssh.shell_key_file !== undefined }
      : null,
    ...(settings.engine ? { engine: settings.engine, engine_socket: settings.engine_socket ?? null, kubeconfig_configured: settings.kubeconfig_file !== undefined } : {}),
    ...(settings.namespaces ? { namespaces: settings.namespaces } : {}),
  };
}

/** What a driver needs, checked when an administrator writes the cluster (1400 naming the field). */
export function checkSettingsFor(driver: ClusterDriver, settings: ClusterSettingsInput): void {
  const missing = (field: string) =>
    new AppError(Code.invalidInput, `a ${driver} cluster needs settings.${field}`, { fields: [{ path: `body.settings.${field}`, message: 'required' }] });
  if (driver === 'slurm') {
    if (!settings.rest_url) throw missing('rest_url');
    if (!settings.jwt_key_file) throw missing('jwt_key_file');
  }
  if (driver === 'k8s') {
    // a container cluster may be registered before its engine is set; it answers 1502 saying so until then
    if (settings.engine === 'podman' && !settings.engine_socket) throw missing('engine_socket');
    if (settings.engine === 'kubernetes' && !settings.kubeconfig_file) throw missing('kubeconfig_file');
  }
}

export const kubernetesUnsupported = (): AppError =>
  new AppError(Code.upstreamDown, 'kubernetes clusters are not supported by this console yet');

export function toSchedulerConfig(name: string, driver: ClusterDriver, settings: ClusterSettingsInput): SchedulerConfig {
  if (driver === 'k8s') throw kubernetesUnsupported();
  if (driver === 'local')
    return { kind: 'local', cpuSlots: settings.cpu_slots, maxTimeLimitMinutes: settings.max_time_limit_minutes };
  if (!settings.rest_url || !settings.jwt_key_file)
    throw new AppError(Code.upstreamDown, `cluster ${name} has no slurmrestd URL or JWT key configured`);
  return {
    kind: 'slurm',
    restUrl: settings.rest_url,
    jwtKeyFile: settings.jwt_key_file,
    adminAccount: settings.admin_account ?? 'root',
    openapiVersion: settings.openapi_version,
    timeoutMs: 10_000,
  };
}

/** The ssh file driver's settings, with the service key read from its file; null without ssh settings. */
export async function toSshConfig(name: string, settings: ClusterSettingsInput): Promise<SshFileDriverConfig | null> {
  if (!settings.ssh) return null;
  let privateKey: string;
  try {
    privateKey = await readFile(settings.ssh.key_file, 'utf8');
  } catch {
    // the path is a secret's location: say which cluster, not where
    throw new AppError(Code.upstreamDown, `cluster ${name}: the SSH service key file cannot be read`);
  }
  return { host: settings.ssh.host, port: settings.ssh.port, hostKeySha256: settings.ssh.host_key_sha256, privateKey, idleMs: 30_000 };
}

/**
 * An edit's settings over the stored ones: everything is replaced, except the secrets the browser never
 * saw: left out, the stored file is kept; null removes it. 1400 names a secret that is needed and missing.
 */
export function mergeSecrets(stored: ClusterSettingsInput, patch: ClusterSettingsPatch): ClusterSettingsInput {
  const { jwt_key_file, kubeconfig_file, ssh, ...rest } = patch;
  const merged: ClusterSettingsInput = { ...rest };
  const jwt = jwt_key_file === undefined ? stored.jwt_key_file : (jwt_key_file ?? undefined);
  if (jwt !== undefined) merged.jwt_key_file = jwt;
  const kubeconfig = kubeconfig_file === undefined ? stored.kubeconfig_file : (kubeconfig_file ?? undefined);
  if (kubeconfig !== undefined) merged.kubeconfig_file = kubeconfig;
  if (ssh) {
    const keyFile = ssh.key_file ?? stored.ssh?.key_file;
    if (!keyFile)
      throw new AppError(Code.invalidInput, 'settings.ssh.key_file is required', { fields: [{ path: 'body.settings.ssh.key_file', message: 'required' }] });
    const shell = ssh.shell_key_file === undefined ? stored.ssh?.shell_key_file : (ssh.shell_key_file ?? undefined);
    merged.ssh = { host: ssh.host, port: ssh.port, host_key_sha256: ssh.host_key_sha256, key_file: keyFile, ...(shell ? { shell_key_file: shell } : {}) };
  }
  return merged;
}
