import { describe, expect, it } from 'vitest';
import { changePasswordFormSchema, registerCodeInputSchema, resetPasswordFormSchema } from './verification';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${String(issue.path[0])}: ${issue.message}`);

describe('registerCodeInputSchema', () => {
  it('takes exactly one contact with a captcha', () => {
    expect(registerCodeInputSchema.safeParse({ email: 'a@example.com', captcha_id: 'c', captcha_answer: 'x' }).success).toBe(true);
    expect(registerCodeInputSchema.safeParse({ email: 'a@example.com', telephone: '13800000001', captcha_id: 'c', captcha_answer: 'x' }).success).toBe(false);
    expect(registerCodeInputSchema.safeParse({ captcha_id: 'c', captcha_answer: 'x' }).success).toBe(false);
    expect(registerCodeInputSchema.safeParse({ telephone: '14212345678', captcha_id: 'c', captcha_answer: 'x' }).success).toBe(false);
  });
});

describe('resetPasswordFormSchema (forgot password)', () => {
  const base = { email: 'a@example.com', verification_code: '123456' };
  it('holds a new password to the register rule, not the login bounds', () => {
    expect(messagesOf(resetPasswordFormSchema.safeParse({ ...base, password: 'abcdef', password_confirm: 'abcdef' }))).toEqual([
      'password: The password must be 8 to 20 characters',
    ]);
    expect(resetPasswordFormSchema.safeParse({ ...base, password: 'Abcdefg1', password_confirm: 'Abcdefg1' }).success).toBe(true);
  });

  it("says 'Inconsistent password entered twice'", () => {
    expect(messagesOf(resetPasswordFormSchema.safeParse({ ...base, password: 'Abcdefg1', password_confirm: 'Abcdefg2' }))).toEqual([
      'password_confirm: Inconsistent password entered twice',
    ]);
  });
});

describe('changePasswordFormSchema', () => {
  it('needs the current password, a strong new one and the same re-entry', () => {
    expect(messagesOf(changePasswordFormSchema.safeParse({}))).toEqual([
      'old_password: Please enter the password',
      'password: Please enter the password',
      'password_confirm: Please enter the password again',
    ]);
    expect(changePasswordFormSchema.safeParse({ old_password: 'x', password: 'Abcdefg1', password_confirm: 'Abcdefg1' }).success).toBe(true);
  });
});
