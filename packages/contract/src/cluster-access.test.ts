import { describe, expect, it } from 'vitest';
import { networkPolicyCreateInputSchema, partitionWebSshInputSchema, webSshClientFrameSchema } from './cluster-access';

describe('network policy input', () => {
  it('takes IPv4 and IPv6 networks and defaults the description', () => {
    expect(networkPolicyCreateInputSchema.parse({ cluster: 'hpc01', user: 'demo-user', allowed_sources: ['10.0.0.0/8', '2001:db8::/32'] })).toEqual({
      cluster: 'hpc01',
      user: 'demo-user',
      allowed_sources: ['10.0.0.0/8', '2001:db8::/32'],
      description: '',
    });
  });
  it.each([
    [{ cluster: 'hpc01', user: 'u', allowed_sources: ['10.0.0.1'] }, 'allowed_sources'],
    [{ cluster: 'hpc01', user: 'u', forkFrom: 'v', allowed_sources: [] }, 'allowed_sources'],
    [{ cluster: 'hpc01', user: 'u', forkFrom: 'u' }, 'forkFrom'],
    [{ cluster: '-x', user: 'u' }, 'cluster'],
  ])('refuses %j at %s', (input, field) => {
    const result = networkPolicyCreateInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => String(i.path[0]))).toContain(field);
  });
});

describe('web shell settings', () => {
  it('defaults to 15 minutes idle and 4 hours at most', () => {
    expect(partitionWebSshInputSchema.parse({ partition_id: 1, enabled: true })).toMatchObject({ idle_timeout_seconds: 900, max_duration_seconds: 14_400 });
  });
  it('pins a login node of its own by its host key', () => {
    expect(partitionWebSshInputSchema.safeParse({ partition_id: 1, enabled: true, host: 'login2' }).success).toBe(false);
    expect(partitionWebSshInputSchema.safeParse({ partition_id: 1, enabled: true, host: 'login2', host_key_sha256: `SHA256:${'a'.repeat(43)}` }).success).toBe(true);
  });
  it('takes only input and resize frames of bounded size', () => {
    expect(webSshClientFrameSchema.safeParse({ type: 'input', data: 'ls\r' }).success).toBe(true);
    expect(webSshClientFrameSchema.safeParse({ type: 'input', data: 'x'.repeat(2049) }).success).toBe(false);
    expect(webSshClientFrameSchema.safeParse({ type: 'resize', cols: 9, rows: 24 }).success).toBe(false);
    expect(webSshClientFrameSchema.safeParse({ type: 'exec', data: 'rm -rf /' }).success).toBe(false);
  });
});
