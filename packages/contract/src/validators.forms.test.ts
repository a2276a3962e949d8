import { describe, it, expect } from 'vitest';
import {
  bindAccountSchema,
  forgotPasswordFormSchema,
  formLimits,
  loginFormSchema,
  registerFormSchema,
  switchAccountSchema,
  validationMessages as m,
  zhTextLoginPasswordMax,
  zhTextLoginPasswordMin,
  zhTextLoginUsernameMax,
} from './validators';

type Parse = { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } };

/** The first message per field, as an antd form shows it. */
function errorsOf(schema: Parse, values: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of schema.safeParse(values).error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const email = (length: number) => `${'a'.repeat(length - 'a@x.cn'.length + 1)}@x.cn`;

describe('loginFormSchema (spec §5 Login)', () => {
  const login = (name: unknown, password: unknown = 'secret1') => errorsOf(loginFormSchema, { name, password });

  it('needs an email or phone number', () => {
    for (const name of ['', '   ', undefined]) expect(login(name)).toEqual({ name: m.emailOrPhoneRequired });
  });
  it('counts an email of 5 characters as long enough, leaving it to the format check', () => {
    expect(login('a@b.c')).toEqual({ name: m.emailFormat });
  });
  it('accepts an email of 60 characters', () => {
    expect(login(email(60))).toEqual({});
  });
  it('rejects an email of 4 and of 61 characters', () => {
    expect(login('a@bc')).toEqual({ name: m.emailLength });
    expect(login(email(61))).toEqual({ name: m.emailLength });
  });
  it('rejects a malformed email', () => {
    expect(login('ab@@cd.com')).toEqual({ name: m.emailFormat });
  });
  it('reads digits as a phone number and checks its length', () => {
    expect(login('1381234567')).toEqual({ name: m.mobileLength });
    expect(login('138123456789')).toEqual({ name: m.mobileLength });
  });
  it('checks the phone number format', () => {
    expect(login('14212345678')).toEqual({ name: m.mobileFormat });
    expect(login('13812345678')).toEqual({});
  });
  it('accepts a username of 5 and of 27 characters', () => {
    expect(login('abcde')).toEqual({});
    expect(login('a'.repeat(27))).toEqual({});
  });
  it('rejects a username of 4 and of 28 characters', () => {
    expect(login('abcd')).toEqual({ name: m.usernameLength });
    expect(login('a'.repeat(28))).toEqual({ name: m.usernameLength });
  });
  it('trims the name', () => {
    expect(loginFormSchema.parse({ name: '  alice  ', password: 'secret1' }).name).toBe('alice');
  });
  it('accepts a password of 5 and of 32 characters', () => {
    expect(login('alice', '12345')).toEqual({});
    expect(login('alice', 'x'.repeat(32))).toEqual({});
  });
  it('rejects a password of 4 and of 33 characters', () => {
    expect(login('alice', '1234')).toEqual({ password: m.loginPasswordLength });
    expect(login('alice', 'x'.repeat(33))).toEqual({ password: m.loginPasswordLength });
  });
  it('needs a password', () => {
    expect(errorsOf(loginFormSchema, { name: 'alice' })).toEqual({ password: m.passwordRequired });
    expect(login('alice', '')).toEqual({ password: m.passwordRequired });
  });
  it('exposes the Chinese-text limits 32, 8 and 20 without enforcing them', () => {
    expect([zhTextLoginUsernameMax, zhTextLoginPasswordMin, zhTextLoginPasswordMax]).toEqual([32, 8, 20]);
    expect(formLimits).toMatchObject({ usernameMax: 27, loginPasswordMin: 5, loginPasswordMax: 32 });
    expect(login('alice', '12345')).toEqual({});
  });
});

const registration = {
  email: 'alice@example.com',
  verification_code: '123456',
  user_name: 'alice_01',
  password: 'Secret12',
  password_confirm: 'Secret12',
  agreement: true,
  captcha_token: 'captcha-ok',
};

describe('registerFormSchema (spec §5 Register)', () => {
  const register = (patch: Record<string, unknown>) => errorsOf(registerFormSchema, { ...registration, ...patch });

  it('accepts a complete form with an email', () => {
    expect(register({})).toEqual({});
  });
  it('accepts a complete form with a phone number instead', () => {
    expect(register({ email: undefined, telephone: '13812345678' })).toEqual({});
  });
  it('needs an email or a phone number, shown on both fields', () => {
    expect(register({ email: '' })).toEqual({ email: m.emailOrPhoneRequired, telephone: m.emailOrPhoneRequired });
  });
  it('checks the email length and format', () => {
    expect(register({ email: email(61) })).toEqual({ email: m.emailLength });
    expect(register({ email: 'alice@example' })).toEqual({ email: m.emailFormat });
  });
  it('checks the phone number', () => {
    expect(register({ email: '', telephone: '19412345678' })).toEqual({ telephone: m.mobileFormat });
  });
  it('needs the verification code', () => {
    expect(register({ verification_code: '' })).toEqual({ verification_code: m.codeRequired });
  });
  it('needs a username', () => {
    expect(register({ user_name: undefined })).toEqual({ user_name: m.usernameRequired });
  });
  it('accepts a username of 5 and of 27 characters', () => {
    expect(register({ user_name: 'abcde' })).toEqual({});
    expect(register({ user_name: 'a'.repeat(27) })).toEqual({});
  });
  it('rejects a username of 4 and of 28 characters', () => {
    expect(register({ user_name: 'abcd' })).toEqual({ user_name: m.usernameLength });
    expect(register({ user_name: 'a'.repeat(28) })).toEqual({ user_name: m.usernameLength });
  });
  it('rejects a username of the wrong format, digits only included', () => {
    for (const user_name of ['Alice', 'al ice', '-alice', 'alice_', '12345']) {
      expect(register({ user_name })).toEqual({ user_name: m.usernameFormat });
    }
  });
  it('rejects a name the image hub reserves (library): user and group names share its namespaces', () => {
    expect(register({ user_name: 'library' })).toEqual({ user_name: m.usernameReserved });
    expect(register({ user_name: 'libraries' })).toEqual({});
  });
  it('needs a password of 8 to 20 with upper, lower and digit', () => {
    expect(register({ password: 'Secre12', password_confirm: 'Secre12' })).toEqual({ password: m.passwordLength });
    expect(register({ password: 'secret12', password_confirm: 'secret12' })).toEqual({ password: m.passwordUppercase });
  });
  it('needs the password re-entered', () => {
    expect(register({ password_confirm: '' })).toEqual({ password_confirm: m.passwordConfirmRequired });
  });
  it('rejects a re-entry that does not match', () => {
    expect(register({ password_confirm: 'Secret13' })).toEqual({ password_confirm: 'Inconsistent password entered twice' });
  });
  it('needs the agreement ticked', () => {
    expect(register({ agreement: false })).toEqual({ agreement: m.agreementRequired });
    expect(register({ agreement: undefined })).toEqual({ agreement: m.agreementRequired });
  });
  it('needs the human verification', () => {
    expect(register({ captcha_token: undefined })).toEqual({ captcha_token: m.captchaRequired });
  });
  it('reports every field at once, the mismatch included', () => {
    expect(Object.keys(errorsOf(registerFormSchema, { password: 'Secret12', password_confirm: 'x' })).sort()).toEqual(
      ['agreement', 'captcha_token', 'email', 'password_confirm', 'telephone', 'user_name', 'verification_code'],
    );
  });
});

describe('forgotPasswordFormSchema (spec §5 Forgot password)', () => {
  const valid = { telephone: '13812345678', verification_code: '9999', password: 'abcde', password_confirm: 'abcde' };
  const forgot = (patch: Record<string, unknown>) => errorsOf(forgotPasswordFormSchema, { ...valid, ...patch });

  it('accepts a phone number, a code and a matching password', () => {
    expect(forgot({})).toEqual({});
  });
  it('needs an email or a phone number', () => {
    expect(forgot({ telephone: undefined })).toEqual({ email: m.emailOrPhoneRequired, telephone: m.emailOrPhoneRequired });
  });
  it('needs the code', () => {
    expect(forgot({ verification_code: ' ' })).toEqual({ verification_code: m.codeRequired });
  });
  it('accepts a password of 5 and of 32 characters', () => {
    const long = 'x'.repeat(32);
    expect(forgot({ password: long, password_confirm: long })).toEqual({});
  });
  it('rejects a password of 4 and of 33 characters', () => {
    expect(forgot({ password: 'abcd', password_confirm: 'abcd' })).toEqual({ password: m.loginPasswordLength });
    const long = 'x'.repeat(33);
    expect(forgot({ password: long, password_confirm: long })).toEqual({ password: m.loginPasswordLength });
  });
  it('rejects a re-entry that does not match', () => {
    expect(forgot({ password_confirm: 'abcdf' })).toEqual({ password_confirm: m.passwordMismatch });
  });
});

describe('bindAccountSchema (spec §5 Bind account)', () => {
  const bind = (system_account: unknown) => errorsOf(bindAccountSchema, { system_account });

  it('accepts three parts joined by underscores', () => {
    expect(bind('abc_def_ghi')).toEqual({});
    expect(bind('sc-01_Zhang_2024')).toEqual({});
  });
  it('needs a system account name', () => {
    for (const name of ['', undefined]) expect(bind(name)).toEqual({ system_account: m.systemAccountRequired });
  });
  it('rejects an email', () => {
    expect(bind('abc_def_ghi@x.com')).toEqual({ system_account: m.systemAccountNotEmail });
  });
  it('rejects a phone number', () => {
    expect(bind('13812345678')).toEqual({ system_account: m.systemAccountNotPhone });
  });
  it('rejects two and four parts', () => {
    expect(bind('abc_def')).toEqual({ system_account: m.systemAccountFormat });
    expect(bind('a_b_c_d')).toEqual({ system_account: m.systemAccountFormat });
  });
  it('rejects empty parts', () => {
    for (const name of ['abc__ghi', '_abc_def', 'abc_def_']) expect(bind(name)).toEqual({ system_account: m.systemAccountFormat });
  });
});

describe('switchAccountSchema (spec §5 Switch-account dialog)', () => {
  it("needs a user name, saying '用户名不能为空'", () => {
    for (const user_name of ['', '  ', undefined]) {
      expect(errorsOf(switchAccountSchema, { user_name })).toEqual({ user_name: '用户名不能为空' });
    }
  });
  it('accepts a partial user name', () => {
    expect(errorsOf(switchAccountSchema, { user_name: 'al' })).toEqual({});
  });
});
