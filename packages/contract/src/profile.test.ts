import { describe, expect, it } from 'vitest';
import { accessRecordInputSchema, addSshKeyInputSchema, loginSecurityInputSchema, modifyTelephoneInputSchema, selfUpdateInputSchema, telephoneModifyCodeInputSchema } from './profile';
import { sec30Window } from './sec30';

describe('profile schemas', () => {
  it('takes the new phone by the §5 mobile rule', () => {
    expect(telephoneModifyCodeInputSchema.safeParse({ telephone: '13900001234' }).success).toBe(true);
    for (const telephone of ['14200000000', '15400000000', '1390000123', '+8613900001234']) expect(telephoneModifyCodeInputSchema.safeParse({ telephone }).success, telephone).toBe(false);
    expect(modifyTelephoneInputSchema.safeParse({ telephone: '13900001234' }).success).toBe(false);
  });

  it('refuses unknown fields (no e-mail change through PATCH self, no user id in login security)', () => {
    expect(selfUpdateInputSchema.safeParse({ real_name: 'Ada', email: 'x@y.zz' }).success).toBe(false);
    expect(loginSecurityInputSchema.safeParse({ user_id: 2 }).success).toBe(false);
    expect(loginSecurityInputSchema.safeParse({ always_captcha: true }).success).toBe(true);
  });

  it('needs a name and a network for an access record, and some text for a key', () => {
    expect(accessRecordInputSchema.safeParse({ name: 'office', network: '10.0.0.0/8' }).success).toBe(true);
    expect(accessRecordInputSchema.safeParse({ name: '', network: '10.0.0.0/8' }).success).toBe(false);
    expect(addSshKeyInputSchema.safeParse({ public_key: '   ' }).success).toBe(false);
  });
});

describe('SEC30 window', () => {
  it('changes every 30 seconds', () => {
    expect(sec30Window(29_999)).toBe(0);
    expect(sec30Window(30_000)).toBe(1);
    expect(sec30Window(Date.UTC(2026, 0, 1))).toBe(Math.floor(Date.UTC(2026, 0, 1) / 30_000));
  });
});
