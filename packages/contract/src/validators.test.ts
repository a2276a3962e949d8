import { describe, it, expect } from 'vitest';
import {
  emailSchema,
  isArray,
  isString,
  isUrl,
  mobileSchema,
  nameSchema,
  passwordSchema,
  resourceNameSchema,
  urlSchema,
  validationMessages as m,
} from './validators';

const ok = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe('nameSchema (spec §5 Name)', () => {
  it('accepts 4 and 32 characters', () => {
    expect(ok(nameSchema, 'abcd')).toBe(true);
    expect(ok(nameSchema, 'a'.repeat(32))).toBe(true);
  });
  it('rejects 3 and 33 characters', () => {
    expect(ok(nameSchema, 'abc')).toBe(false);
    expect(ok(nameSchema, 'a'.repeat(33))).toBe(false);
  });
  it('accepts lowercase letters, digits, hyphens and underscores', () => {
    expect(ok(nameSchema, 'a-b_9z')).toBe(true);
  });
  it('accepts a digit at the start and at the end', () => {
    expect(ok(nameSchema, '1abc2')).toBe(true);
  });
  it('rejects uppercase letters', () => {
    expect(ok(nameSchema, 'Abcd')).toBe(false);
    expect(ok(nameSchema, 'abCd')).toBe(false);
  });
  it('rejects other characters', () => {
    for (const name of ['ab.cd', 'ab cd', 'ab@cd', 'abcé']) expect(ok(nameSchema, name)).toBe(false);
  });
  it('rejects a hyphen or underscore at the start or the end', () => {
    for (const name of ['-abc', 'abc-', '_abc', 'abc_']) expect(ok(nameSchema, name)).toBe(false);
  });
  it('says what the rule is', () => {
    expect(nameSchema.safeParse('ab').error?.issues[0]?.message).toBe(m.nameFormat);
  });
});

describe('emailSchema (spec §5 E-mail)', () => {
  it('accepts letters, digits, underscore, dot and hyphen in the local part', () => {
    expect(ok(emailSchema, 'A.b_c-9@example.com')).toBe(true);
  });
  it('rejects other characters in the local part', () => {
    for (const email of ['a+b@x.com', 'a b@x.com', '张@x.com']) expect(ok(emailSchema, email)).toBe(false);
  });
  it('accepts a suffix of 2 and of 6 letters', () => {
    expect(ok(emailSchema, 'a@x.cn')).toBe(true);
    expect(ok(emailSchema, 'a@x.museum')).toBe(true);
  });
  it('rejects a suffix of 1 and of 7 letters', () => {
    expect(ok(emailSchema, 'a@x.c')).toBe(false);
    expect(ok(emailSchema, 'a@x.abcdefg')).toBe(false);
  });
  it('rejects a digit in the suffix', () => {
    expect(ok(emailSchema, 'a@x.c1')).toBe(false);
  });
  it('accepts sub-domains', () => {
    expect(ok(emailSchema, 'a@mail.x-y.edu.cn')).toBe(true);
  });
  it('rejects a missing @, local part or domain', () => {
    for (const email of ['ab.com', '@x.com', 'a@.com', 'a@com', 'a@@x.com']) expect(ok(emailSchema, email)).toBe(false);
  });
});

describe('mobileSchema (spec §5 Mobile phone)', () => {
  // Written out by hand (not derived from the regex): the third digits accepted per decade.
  const acceptedThirdDigits: Record<number, number[]> = {
    13: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    14: [0, 1, 4, 5, 6, 7, 8, 9],
    15: [0, 1, 2, 3, 5, 6, 7, 8, 9],
    16: [2, 5, 6, 7],
    17: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    18: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    19: [0, 1, 2, 3, 5, 6, 7, 8, 9],
  };
  const table = Array.from({ length: 70 }, (_, i) => 130 + i).map((prefix) => ({
    prefix,
    accepted: acceptedThirdDigits[Math.floor(prefix / 10)]?.includes(prefix % 10) ?? false,
  }));

  it.each(table)('prefix $prefix accepted: $accepted', ({ prefix, accepted }) => {
    expect(ok(mobileSchema, `${prefix}12345678`)).toBe(accepted);
  });
  it('rejects 142 and 143 prefixes', () => {
    expect(ok(mobileSchema, '14212345678')).toBe(false);
    expect(ok(mobileSchema, '14312345678')).toBe(false);
  });
  it('rejects the 154 prefix', () => {
    expect(ok(mobileSchema, '15412345678')).toBe(false);
  });
  it('accepts only 162, 165, 166 and 167 in 16x', () => {
    const accepted = [160, 161, 162, 163, 164, 165, 166, 167, 168, 169].filter((p) => ok(mobileSchema, `${p}12345678`));
    expect(accepted).toEqual([162, 165, 166, 167]);
  });
  it('rejects the 194 prefix', () => {
    expect(ok(mobileSchema, '19412345678')).toBe(false);
  });
  it('rejects prefixes outside 13x to 19x', () => {
    for (const prefix of ['100', '110', '120', '200', '230']) expect(ok(mobileSchema, `${prefix}12345678`)).toBe(false);
  });
  it('rejects 10 and 12 digits', () => {
    expect(ok(mobileSchema, '1381234567')).toBe(false);
    expect(ok(mobileSchema, '138123456789')).toBe(false);
  });
  it('rejects non-digits, spaces and a country code', () => {
    for (const phone of ['1381234567a', '138 1234 5678', '+8613812345678']) expect(ok(mobileSchema, phone)).toBe(false);
  });
});

describe('passwordSchema (spec §5 Password)', () => {
  it('accepts 8 and 20 characters', () => {
    expect(ok(passwordSchema, 'Abcdef12')).toBe(true);
    expect(ok(passwordSchema, 'Abcdef12'.padEnd(20, 'x'))).toBe(true);
  });
  it('rejects 7 and 21 characters', () => {
    expect(ok(passwordSchema, 'Abcde12')).toBe(false);
    expect(ok(passwordSchema, 'Abcdef12'.padEnd(21, 'x'))).toBe(false);
  });
  it('needs a digit', () => {
    expect(passwordSchema.safeParse('Abcdefgh').error?.issues.map((i) => i.message)).toEqual([m.passwordDigit]);
  });
  it('needs a lowercase letter', () => {
    expect(passwordSchema.safeParse('ABCDEF12').error?.issues.map((i) => i.message)).toEqual([m.passwordLowercase]);
  });
  it('needs an uppercase letter', () => {
    expect(passwordSchema.safeParse('abcdef12').error?.issues.map((i) => i.message)).toEqual([m.passwordUppercase]);
  });
  it('accepts symbols', () => {
    expect(ok(passwordSchema, 'Ab1!@#$%^&*')).toBe(true);
  });
});

describe('resourceNameSchema (spec §5 Resource name)', () => {
  it('accepts 2 and 31 characters', () => {
    expect(ok(resourceNameSchema, 'ab')).toBe(true);
    expect(ok(resourceNameSchema, 'a'.repeat(31))).toBe(true);
  });
  it('rejects 1 and 32 characters', () => {
    expect(ok(resourceNameSchema, 'a')).toBe(false);
    expect(ok(resourceNameSchema, 'a'.repeat(32))).toBe(false);
  });
  it('needs a lowercase letter first', () => {
    for (const name of ['1ab', '-ab', 'Ab', '_ab']) expect(ok(resourceNameSchema, name)).toBe(false);
  });
  it('accepts digits and hyphens inside', () => {
    expect(ok(resourceNameSchema, 'a-1-b')).toBe(true);
  });
  it('accepts a digit last', () => {
    expect(ok(resourceNameSchema, 'a1')).toBe(true);
  });
  it('rejects a hyphen last', () => {
    expect(ok(resourceNameSchema, 'ab-')).toBe(false);
  });
  it('rejects uppercase letters, underscores and dots after the first', () => {
    for (const name of ['aB', 'a_b', 'a.b']) expect(ok(resourceNameSchema, name)).toBe(false);
  });
});

describe('isUrl, isString, isArray (spec §5 checks)', () => {
  it('accepts http, https and ftp URLs', () => {
    for (const url of ['http://a.com', 'https://x.y.cn/p?q=1#h', 'ftp://files.example.org/f', 'HTTPS://A.COM']) {
      expect(isUrl(url)).toBe(true);
    }
  });
  it('accepts a host with a port, an IP and localhost', () => {
    for (const url of ['http://localhost:8080/x', 'http://10.0.0.1:9090', 'https://a.com:443']) expect(isUrl(url)).toBe(true);
  });
  it('rejects other schemes', () => {
    for (const url of ['javascript:alert(1)', 'mailto:a@b.cn', 'file:///etc/passwd', 'ws://a.com']) {
      expect(isUrl(url)).toBe(false);
    }
  });
  it('rejects URLs without // or host, relative paths and non-strings', () => {
    for (const url of ['http:a.com', 'http://', '/app/list', 'a.com', 42, null]) expect(isUrl(url)).toBe(false);
  });
  it('gives the URL message from urlSchema', () => {
    expect(urlSchema.safeParse('nope').error?.issues[0]?.message).toBe(m.urlFormat);
  });
  it('isString accepts primitive and boxed strings', () => {
    expect(isString('')).toBe(true);
    expect(isString(new String('x'))).toBe(true);
  });
  it('isString rejects numbers, null, undefined and arrays', () => {
    for (const value of [1, null, undefined, ['a']]) expect(isString(value)).toBe(false);
  });
  it('isArray accepts arrays, empty ones too', () => {
    expect(isArray([])).toBe(true);
    expect(isArray([1, 2])).toBe(true);
  });
  it('isArray rejects strings, array-likes and null', () => {
    for (const value of ['ab', { length: 0 }, null]) expect(isArray(value)).toBe(false);
  });
});
