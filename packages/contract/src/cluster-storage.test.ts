import { describe, expect, it } from 'vitest';
import { filesystemInputSchema, rootTemplateSchema, storageTargetQuerySchema, userQuotaPatchSchema } from './cluster-storage';

describe('storage root templates', () => {
  it.each(['/home/{account}', '/public/home/{account}', '/homes/{account}/data', '/scratch/{account}'])('accepts %s', (root) => {
    expect(rootTemplateSchema.safeParse(root).success).toBe(true);
  });

  it.each([
    ['relative', 'home/{account}'],
    ['no account', '/home/shared'],
    ['account twice', '/{account}/{account}'],
    ['part of a segment', '/home/{account}-scratch'],
    ['prefix of a segment', '/home/x{account}'],
    ['climbing', '/home/../{account}'],
    ['dot segment', '/home/./{account}'],
    ['other braces', '/home/{user}/{account}'],
    ['a space', '/my home/{account}'],
    ['a NUL', '/home/\u0000/{account}'],
  ])('refuses %s', (_label, root) => {
    expect(rootTemplateSchema.safeParse(root).success).toBe(false);
  });
});

describe('storage inputs', () => {
  it('takes a §5 resource name and a known driver', () => {
    const base = { name: 'scratch', cluster_name: 'devcluster', driver: 'ssh', root: '/scratch/{account}' };
    expect(filesystemInputSchema.parse(base)).toEqual({ ...base, description: '' });
    expect(filesystemInputSchema.safeParse({ ...base, name: 'Scratch' }).success).toBe(false);
    expect(filesystemInputSchema.safeParse({ ...base, driver: 'nfs' }).success).toBe(false);
  });

  it('names the storage of a file call only with safe names', () => {
    expect(storageTargetQuerySchema.parse({ cluster: 'devcluster', storage: 'home' })).toEqual({ cluster: 'devcluster', storage: 'home' });
    expect(storageTargetQuerySchema.safeParse({ cluster: '../x' }).success).toBe(false);
    expect(storageTargetQuerySchema.safeParse({ storage: 'a b' }).success).toBe(false);
  });

  it('takes whole non-negative byte limits (null: none) and ISO expiry times', () => {
    const base = { user_name: 'demo-bound', cluster: 'local', storage: 'home' };
    expect(userQuotaPatchSchema.safeParse({ ...base, limit_bytes: 0 }).success).toBe(true);
    expect(userQuotaPatchSchema.safeParse({ ...base, limit_bytes: null, expires_at: '2027-01-01T00:00:00Z' }).success).toBe(true);
    expect(userQuotaPatchSchema.safeParse({ ...base, limit_bytes: -1 }).success).toBe(false);
    expect(userQuotaPatchSchema.safeParse({ ...base, limit_bytes: 1.5 }).success).toBe(false);
    expect(userQuotaPatchSchema.safeParse({ ...base, limit_bytes: 1, expires_at: 'soon' }).success).toBe(false);
  });
});
