import {
  clusterCreateInputSchema,
  clusterPatchInputSchema,
  type Cluster,
  type ClusterCreateInput,
  type ClusterDriver,
  type ClusterKind,
  type ClusterPatchInput,
  type ClusterSettingsPatch,
} from '@starlight/contract/hpc';

/**
 * The cluster form's flat fields. Secrets (the JWT key file, the SSH key files) are never sent back by
 * the server: on edit they start blank, and blank means "keep the one that is set".
 */
export interface ClusterFormValues {
  name: string;
  kind: ClusterKind;
  driver: ClusterDriver;
  enabled: boolean;
  rest_url?: string;
  openapi_version?: string;
  jwt_key_file?: string;
  admin_account?: string;
  default_account?: string;
  cpu_slots?: number | null;
  max_time_limit_minutes?: number | null;
  ssh_enabled: boolean;
  ssh_host?: string;
  ssh_port?: number | null;
  ssh_host_key_sha256?: string;
  ssh_key_file?: string;
  ssh_shell_key_file?: string;
  /** Edit only: forget the web shell key that is set. */
  ssh_shell_key_remove?: boolean;
}

export const driversOf = (kind: ClusterKind): ClusterDriver[] => (kind === 'k8s' ? ['k8s'] : ['slurm', 'local']);

export const emptyClusterValues: ClusterFormValues = { name: '', kind: 'hpc', driver: 'slurm', enabled: true, ssh_enabled: false, ssh_port: 22 };

export function valuesFromCluster(cluster: Cluster): ClusterFormValues {
  const s = cluster.settings;
  return {
    name: cluster.name,
    kind: cluster.kind,
    driver: cluster.driver,
    enabled: cluster.enabled,
    rest_url: s.rest_url ?? undefined,
    openapi_version: s.openapi_version ?? undefined,
    admin_account: s.admin_account ?? undefined,
    default_account: s.default_account ?? undefined,
    cpu_slots: s.cpu_slots,
    max_time_limit_minutes: s.max_time_limit_minutes,
    ssh_enabled: s.ssh !== null,
    ssh_host: s.ssh?.host,
    ssh_port: s.ssh?.port ?? 22,
    ssh_host_key_sha256: s.ssh?.host_key_sha256,
  };
}

const text = (v: string | undefined): string | undefined => (v && v.trim() !== '' ? v.trim() : undefined);
const num = (v: number | null | undefined): number | undefined => (v === null || v === undefined ? undefined : v);

/** Only what the driver uses is sent (a local cluster has no slurmrestd URL). */
function settingsOf(v: ClusterFormValues): ClusterSettingsPatch {
  if (v.driver === 'k8s') return {};
  if (v.driver === 'local') return { cpu_slots: num(v.cpu_slots), max_time_limit_minutes: num(v.max_time_limit_minutes) };
  const ssh = v.ssh_enabled
    ? {
        host: text(v.ssh_host) ?? '',
        port: num(v.ssh_port) ?? 22,
        host_key_sha256: text(v.ssh_host_key_sha256) ?? '',
        key_file: text(v.ssh_key_file),
        shell_key_file: v.ssh_shell_key_remove ? null : text(v.ssh_shell_key_file),
      }
    : undefined;
  return {
    rest_url: text(v.rest_url),
    openapi_version: text(v.openapi_version) as ClusterSettingsPatch['openapi_version'],
    jwt_key_file: text(v.jwt_key_file),
    admin_account: text(v.admin_account),
    default_account: text(v.default_account),
    ssh,
  };
}

const dropUndefined = <T extends object>(o: T): T => JSON.parse(JSON.stringify(o)) as T;

/** Form field for a schema issue path (`settings.ssh.host` → `ssh_host`). */
export function fieldOfIssue(path: readonly PropertyKey[]): keyof ClusterFormValues | null {
  const keys = path.map(String);
  const field = keys[0] !== 'settings' ? keys[0] : keys[1] === 'ssh' ? `ssh_${keys[2] ?? 'host'}` : keys[1];
  return field === undefined ? null : (field as keyof ClusterFormValues);
}

export type Parsed<T> = { ok: true; input: T } | { ok: false; errors: { field: keyof ClusterFormValues; message: string }[] };

function parsed<T>(result: { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }): Parsed<T> {
  if (result.success) return { ok: true, input: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((i) => ({ field: fieldOfIssue(i.path) ?? 'name', message: i.message })),
  };
}

export function toCreateInput(v: ClusterFormValues): Parsed<ClusterCreateInput> {
  const settings = settingsOf(v);
  if (settings.ssh && !settings.ssh.key_file) return { ok: false, errors: [{ field: 'ssh_key_file', message: 'required' }] };
  return parsed(clusterCreateInputSchema.safeParse(dropUndefined({ name: v.name.trim(), kind: v.kind, driver: v.driver, enabled: v.enabled, settings })));
}

/** Blank secrets are left out, so the server keeps the stored ones. */
export function toPatchInput(v: ClusterFormValues): Parsed<ClusterPatchInput> {
  return parsed(clusterPatchInputSchema.safeParse(dropUndefined({ enabled: v.enabled, settings: settingsOf(v) })));
}
