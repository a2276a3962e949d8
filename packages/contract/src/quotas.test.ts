import { describe, expect, it } from 'vitest';
import { clusterQuotaInputSchema, groupQuotaCreateInputSchema, groupQuotaPatchInputSchema, hpcRevokeQuerySchema, userQuotaInputSchema } from './quotas';

describe('quota inputs', () => {
  it('takes a grant with limits, null or 0 for every group, and refuses unknown keys', () => {
    expect(groupQuotaCreateInputSchema.parse({ partition_id: 1, group_id: null })).toEqual({ partition_id: 1, group_id: null });
    expect(groupQuotaCreateInputSchema.safeParse({ partition_id: 1, group_id: 0, max_cpus: 4, expires_at: '2030-01-01T00:00:00Z' }).success).toBe(true);
    expect(groupQuotaCreateInputSchema.safeParse({ partition_id: 1, group_id: 2, owner: 'x' }).success).toBe(false);
    expect(groupQuotaCreateInputSchema.safeParse({ partition_id: 1, group_id: 2, max_cpus: 0 }).success).toBe(false);
    expect(groupQuotaCreateInputSchema.safeParse({ partition_id: 1, group_id: 2, expires_at: 'next week' }).success).toBe(false);
  });

  it('refuses an empty change', () => {
    expect(groupQuotaPatchInputSchema.safeParse({}).success).toBe(false);
    expect(userQuotaInputSchema.safeParse({}).success).toBe(false);
    expect(userQuotaInputSchema.parse({ allowed: false })).toEqual({ allowed: false });
  });

  it('names exactly one subject of a cluster quota', () => {
    expect(clusterQuotaInputSchema.safeParse({ cluster_name: 'hpc1', user_name: 'a', group_name: 'b' }).success).toBe(false);
    expect(clusterQuotaInputSchema.safeParse({ cluster_name: 'hpc1' }).success).toBe(false);
    expect(clusterQuotaInputSchema.safeParse({ cluster_name: 'hpc1', group_name: 'lab', cpu_seconds_limit: 3600 }).success).toBe(true);
  });

  it('needs the group of a revoke (0 is the every-group grant)', () => {
    expect(hpcRevokeQuerySchema.parse({ group_id: '0' })).toEqual({ group_id: 0 });
    expect(hpcRevokeQuerySchema.safeParse({}).success).toBe(false);
  });
});
