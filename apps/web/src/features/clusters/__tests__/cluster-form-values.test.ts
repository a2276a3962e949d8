import { describe, expect, it } from 'vitest';
import type { Cluster } from '@starlight/contract/hpc';
import { emptyClusterValues, toCreateInput, toPatchInput, valuesFromCluster, type ClusterFormValues } from '../cluster-form-values';

const fingerprint = `SHA256:${'Q'.repeat(43)}`;
const slurm: ClusterFormValues = {
  ...emptyClusterValues,
  name: 'hpc01',
  rest_url: 'http://slurm:6820',
  jwt_key_file: '/etc/slurm/jwt.key',
  ssh_enabled: true,
  ssh_host: 'login01',
  ssh_port: 2222,
  ssh_host_key_sha256: fingerprint,
  ssh_key_file: '/etc/starlight/sftp',
};
const stored: Cluster = {
  id: 3,
  name: 'hpc01',
  kind: 'hpc',
  driver: 'slurm',
  enabled: true,
  settings: {
    rest_url: 'http://slurm:6820',
    openapi_version: 'v0.0.38',
    admin_account: null,
    default_account: 'research',
    cpu_slots: null,
    max_time_limit_minutes: null,
    jwt_key_configured: true,
    ssh: { host: 'login01', port: 2222, host_key_sha256: fingerprint, key_configured: true, shell_key_configured: true },
  },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('cluster form values', () => {
  it('builds a Slurm cluster with its login node', () => {
    expect(toCreateInput(slurm)).toEqual({
      ok: true,
      input: {
        name: 'hpc01',
        kind: 'hpc',
        driver: 'slurm',
        enabled: true,
        settings: { rest_url: 'http://slurm:6820', jwt_key_file: '/etc/slurm/jwt.key', ssh: { host: 'login01', port: 2222, host_key_sha256: fingerprint, key_file: '/etc/starlight/sftp' } },
      },
    });
  });

  it('names the field of each mistake', () => {
    const bad = toCreateInput({ ...slurm, rest_url: 'ftp://x', ssh_host_key_sha256: 'nope' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.map((e) => e.field).sort()).toEqual(['rest_url', 'ssh_host_key_sha256']);
    const noKey = toCreateInput({ ...slurm, ssh_key_file: ' ' });
    expect(noKey).toEqual({ ok: false, errors: [{ field: 'ssh_key_file', message: 'required' }] });
  });

  it('sends a local cluster only what the embedded queue uses', () => {
    expect(toCreateInput({ ...slurm, name: 'here', driver: 'local', cpu_slots: 4 })).toMatchObject({ ok: true, input: { driver: 'local', settings: { cpu_slots: 4 } } });
    expect(toCreateInput({ ...emptyClusterValues, name: 'kube', kind: 'k8s', driver: 'k8s' })).toMatchObject({ ok: true, input: { kind: 'k8s', driver: 'k8s', settings: {} } });
  });

  it('starts an edit with every secret blank, and a blank secret keeps the stored one', () => {
    const values = valuesFromCluster(stored);
    expect(values).toMatchObject({ rest_url: 'http://slurm:6820', ssh_host: 'login01', ssh_enabled: true });
    expect(values.jwt_key_file).toBeUndefined();
    expect(values.ssh_key_file).toBeUndefined();
    const patch = toPatchInput(values);
    expect(patch).toEqual({
      ok: true,
      input: { enabled: true, settings: { rest_url: 'http://slurm:6820', openapi_version: 'v0.0.38', default_account: 'research', ssh: { host: 'login01', port: 2222, host_key_sha256: fingerprint } } },
    });
  });

  it('removes the web shell key only when asked', () => {
    const patch = toPatchInput({ ...valuesFromCluster(stored), ssh_shell_key_remove: true });
    expect(patch.ok && patch.input.settings?.ssh).toMatchObject({ shell_key_file: null });
    const dropSsh = toPatchInput({ ...valuesFromCluster(stored), ssh_enabled: false });
    expect(dropSsh.ok && dropSsh.input.settings?.ssh).toBeUndefined();
  });
});
