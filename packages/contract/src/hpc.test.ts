import { describe, expect, it } from 'vitest';
import { bindReplies, clusterSettingsInputSchema, isBindFailure, isPrivatePartition, parseBindMessage } from './hpc';

describe('binding messages (spec §4, §8)', () => {
  it('splits name:uuid at the last colon', () => {
    expect(parseBindMessage('abc_def_ghi:1f0e-uuid')).toEqual({ name: 'abc_def_ghi', uuid: '1f0e-uuid' });
    expect(parseBindMessage(':1f0e')).toEqual({ name: '', uuid: '1f0e' });
    expect(parseBindMessage('no-colon')).toEqual({ name: '', uuid: 'no-colon' });
  });

  it('treats replies containing either failure text as errors and anything else as success', () => {
    expect(isBindFailure(`${bindReplies.uuidExists}: abc is bound to another user`)).toBe(true);
    expect(isBindFailure(bindReplies.usernameRequired)).toBe(true);
    expect(isBindFailure(bindReplies.bound)).toBe(false);
  });
});

describe('partitions (spec §5)', () => {
  it('leaves out private_partition types and private init types', () => {
    expect(isPrivatePartition({ partition_type: 'private_partition', init_type: '' })).toBe(true);
    expect(isPrivatePartition({ partition_type: '', init_type: 'private' })).toBe(true);
    expect(isPrivatePartition({ partition_type: 'public', init_type: 'public' })).toBe(false);
  });
});

describe('cluster settings', () => {
  it('refuses unknown keys and relative key paths', () => {
    expect(clusterSettingsInputSchema.safeParse({ jwt_key: 'x' }).success).toBe(false);
    expect(clusterSettingsInputSchema.safeParse({ jwt_key_file: 'keys/jwt.key' }).success).toBe(false);
    expect(clusterSettingsInputSchema.safeParse({ jwt_key_file: '/etc/slurm/jwt_hs256.key', rest_url: 'http://h:6820' }).success).toBe(true);
  });
});
