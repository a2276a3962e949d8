import { describe, it, expect } from 'vitest';
import { StatusBit, hasAnyPermission, hasStatusBit, isPermissionKey, permissionKeySchema, permissionKeys } from './permissions';

describe('hasAnyPermission (spec §5 Permission checks)', () => {
  it('passes an empty required list', () => {
    expect(hasAnyPermission([], [])).toBe(true);
  });
  it('passes an undefined required list', () => {
    expect(hasAnyPermission(undefined, [''])).toBe(true);
  });
  it('passes when any one of the required keys is held', () => {
    expect(hasAnyPermission(['manage_label', 'get_star_documents_admin', 'manage_mei'], ['manage_mei'])).toBe(true);
  });
  it('fails when none is held', () => {
    expect(hasAnyPermission(['manage_label', 'manage_mei'], ['binded_account', 'query_role'])).toBe(false);
  });
  it('fails on the list a failed permission fetch leaves: a single empty string', () => {
    expect(hasAnyPermission(['binded_account'], [''])).toBe(false);
  });
  it('compares keys exactly', () => {
    expect(hasAnyPermission(['binded_account'], ['BINDED_ACCOUNT', 'binded_account '])).toBe(false);
  });
});

describe('permission keys (spec §2, §6)', () => {
  it('lists each key once', () => {
    expect(new Set(permissionKeys).size).toBe(permissionKeys.length);
  });
  it('knows the keys of spec §6', () => {
    const named = ['binded_account', 'change_user', 'user_order_create_gadmin', 'community_3rd_admin',
      'kcluster_clusters_admin', 'manage_approval', 'query_role', 'query_all_user', 'manage_label'];
    for (const key of named) expect(isPermissionKey(key)).toBe(true);
  });
  it('keeps the hyphenated dchub-basic-admin as the spec spells it', () => {
    expect(permissionKeySchema.safeParse('dchub-basic-admin').success).toBe(true);
  });
  it('rejects unknown keys', () => {
    expect(isPermissionKey('root')).toBe(false);
    expect(permissionKeySchema.safeParse('').success).toBe(false);
  });
});

describe('status bits (spec §6)', () => {
  it('reads bit 1 as a bound system account', () => {
    expect(StatusBit.boundAccount).toBe(1);
    expect(hasStatusBit(1, StatusBit.boundAccount)).toBe(true);
    expect(hasStatusBit(64, StatusBit.boundAccount)).toBe(false);
  });
  it('reads bit 64 as cloud-bound', () => {
    expect(StatusBit.cloudBound).toBe(64);
    expect(hasStatusBit(65, StatusBit.cloudBound)).toBe(true);
    expect(hasStatusBit(63, StatusBit.cloudBound)).toBe(false);
  });
  it('reads both bits independently', () => {
    expect(hasStatusBit(65, StatusBit.boundAccount) && hasStatusBit(65, StatusBit.cloudBound)).toBe(true);
    expect(hasStatusBit(0, StatusBit.boundAccount) || hasStatusBit(0, StatusBit.cloudBound)).toBe(false);
  });
});
