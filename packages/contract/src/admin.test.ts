import { describe, expect, it } from 'vitest';
import { auditQuerySchema, changeUserInputSchema, createUserInputSchema, roleInputSchema, userListQuerySchema } from './admin';
import { permissionMeanings } from './permission-meanings';
import { permissionKeys } from './permissions';

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => result.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('admin schemas', () => {
  it('creates a user with an initial password, or an invitation that needs an e-mail', () => {
    expect(createUserInputSchema.safeParse({ user_name: 'new-user', password: 'Abcdefg1' }).success).toBe(true);
    expect(createUserInputSchema.safeParse({ user_name: 'new-user', invite: true, email: 'A@Example.com' }).data?.email).toBe('a@example.com');
    expect(paths(createUserInputSchema.safeParse({ user_name: 'new-user', invite: true }))).toEqual(['email']);
    expect(paths(createUserInputSchema.safeParse({ user_name: 'new-user' }))).toEqual(['password']);
    expect(paths(createUserInputSchema.safeParse({ user_name: '12345', password: 'Abcdefg1' }))).toEqual(['user_name']);
    expect(paths(createUserInputSchema.safeParse({ user_name: 'new-user', password: 'Abcdefg1', telephone: '15412345678' }))).toEqual(['telephone']);
  });

  it('treats empty optional fields as absent', () => {
    expect(createUserInputSchema.safeParse({ user_name: 'new-user', password: 'Abcdefg1', email: '', telephone: '', group_name: '' }).success).toBe(true);
  });

  it('requires the switch target with the spec text', () => {
    expect(changeUserInputSchema.safeParse({ user_name: '  ' }).error?.issues[0]?.message).toBe('用户名不能为空');
  });

  it('accepts only known keys in a role', () => {
    expect(roleInputSchema.safeParse({ name: 'readers', keys: ['query_others_job'] }).success).toBe(true);
    expect(paths(roleInputSchema.safeParse({ name: 'readers', keys: ['root'] }))).toEqual(['keys.0']);
  });

  it('bounds list pages and time filters', () => {
    expect(userListQuerySchema.safeParse({ page_size: '101' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ start_time: '2026-01-01T00:00:00Z' }).success).toBe(true);
    expect(auditQuerySchema.safeParse({ start_time: 'yesterday' }).success).toBe(false);
  });

  it('explains every permission key in all four languages', () => {
    for (const key of permissionKeys)
      for (const language of ['en', 'zh', 'es', 'ja'] as const) expect(permissionMeanings[key][language].length, `${key} ${language}`).toBeGreaterThan(3);
  });
});
