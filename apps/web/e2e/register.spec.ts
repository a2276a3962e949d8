import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminPassword, captchaAnswer } from './env';
import { signIn, tokenKey } from './helpers';

/** Logs in through the API (a second session of the same user) and answers the token. */
async function apiLogin(request: APIRequestContext, name: string, password: string): Promise<string> {
  const reply = await request.post('/api/keystone/short_term_token/name', { data: { name, password } });
  const envelope = (await reply.json()) as { code: number; spec: { token: string } };
  expect(envelope.code).toBe(200);
  return envelope.spec.token;
}

/** The newest code sent to an address, read from the outbox as a platform admin (no SMTP or SMS provider configured). */
async function codeFromOutbox(request: APIRequestContext, address: string, after = 0): Promise<string> {
  const token = await apiLogin(request, 'admin', adminPassword);
  let code = '';
  await expect
    .poll(async () => {
      const reply = await request.get(`/api/system/outbox?field_eq_address=${encodeURIComponent(address)}`, { headers: { 'Bihu-Token': token } });
      const { spec } = (await reply.json()) as { spec: { list: { body: string }[]; total: number } };
      code = spec.total > after ? (/\b(\d{6})\b/.exec(spec.list[0]?.body ?? '')?.[1] ?? '') : '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** A user with a phone, registered through the API (captcha + SMS code from the outbox), for the phone reset. */
async function registerByPhone(request: APIRequestContext, telephone: string, userName: string, password: string): Promise<void> {
  const captcha = (await (await request.post('/api/keystone/captcha')).json()) as { spec: { id: string } };
  const sent = await request.post('/api/user/user_verify/get_verification_code', {
    data: { telephone, captcha_id: captcha.spec.id, captcha_answer: captchaAnswer },
  });
  expect(((await sent.json()) as { code: number }).code).toBe(200);
  const reply = await request.post('/api/user/register', {
    data: {
      telephone,
      verification_code: await codeFromOutbox(request, telephone),
      user_name: userName,
      password,
      password_confirm: password,
      agreement: true,
      captcha_token: captcha.spec.id,
    },
  });
  expect(((await reply.json()) as { code: number }).code).toBe(200);
}

async function tokenAlive(request: APIRequestContext, token: string): Promise<number> {
  const reply = await request.get('/api/user/user/self', { headers: { 'Bihu-Token': token } });
  return ((await reply.json()) as { code: number }).code;
}

test('a new user registers with an e-mail code, changes the password, and a user resets one by phone code', async ({ page, request }) => {
  const email = 'newcomer@example.com';
  const userName = 'newcomer';
  const firstPassword = 'First-pass-12';
  const secondPassword = 'Second-pass-34';

  // Register: e-mail tab, captcha, code from the outbox.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByTestId('register-page')).toBeVisible();
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  // this server has no SMTP: the form says where the code goes
  await expect(page.getByTestId('register-outbox-note')).toContainText("administrators' outbox");
  await page.getByTestId('field-email').fill(email);
  await page.getByTestId('field-captcha').fill(captchaAnswer);
  await page.getByTestId('code-button').click();
  await expect(page.getByTestId('code-button')).toContainText(/Resend in \d+ s/);
  await page.getByTestId('field-code').fill(await codeFromOutbox(request, email));
  await page.getByTestId('field-user-name').fill(userName);
  await page.getByTestId('field-password').fill(firstPassword);
  await page.getByTestId('field-password-confirm').fill(firstPassword);
  await page.getByTestId('field-agreement').check();
  await page.getByTestId('register-submit').click();

  await expect(page.getByTestId('register-success-page')).toContainText(`The account ${userName} has been created`);
  await page.getByTestId('register-success-login').click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, firstPassword);

  // Change the password while logged in: another session of the same user dies, this one lives.
  const otherSession = await apiLogin(request, userName, firstPassword);
  expect(await tokenAlive(request, otherSession)).toBe(200);
  await page.goto('/reset-pwd');
  await page.getByTestId('field-old-password').fill(firstPassword);
  await page.getByTestId('field-password').fill(secondPassword);
  await page.getByTestId('field-password-confirm').fill(secondPassword);
  await page.getByTestId('change-password-submit').click();
  await expect(page.getByTestId('shell')).toBeVisible();
  expect(await tokenAlive(request, otherSession)).toBe(1300);
  const current = await page.evaluate((key) => localStorage.getItem(key), tokenKey);
  expect(await tokenAlive(request, current ?? '')).toBe(200);

  // Sign out, then forgot password by phone code, for a user who registered by phone.
  const telephone = '13912340000';
  await registerByPhone(request, telephone, 'phone-person', firstPassword);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByTestId('forgot-password-page')).toBeVisible();
  await page.getByTestId('contact-switch').getByText('By phone').click();
  await page.getByTestId('field-telephone').fill(telephone);
  await page.getByTestId('code-button').click();
  await expect(page.getByTestId('code-button')).toContainText(/Resend in \d+ s/);
  await page.getByTestId('field-code').fill(await codeFromOutbox(request, telephone, 1));
  const resetPassword = 'Phone-reset-56';
  await page.getByTestId('field-password').fill(resetPassword);
  await page.getByTestId('field-password-confirm').fill(resetPassword);
  await page.getByTestId('forgot-submit').click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'phone-person', resetPassword);

  // The old password no longer works.
  const refused = await request.post('/api/keystone/short_term_token/name', { data: { name: 'phone-person', password: firstPassword } });
  expect(((await refused.json()) as { code: number }).code).toBe(555);
});
