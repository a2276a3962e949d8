import { generateKeyPairSync } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminPassword, captchaAnswer, demoPassword } from './env';

/** A real OpenSSH ed25519 public key line, built from a fresh key pair. */
function ed25519PublicKey(comment: string): string {
  const raw = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const part = (bytes: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, bytes.length]), bytes]);
  return `ssh-ed25519 ${Buffer.concat([part(Buffer.from('ssh-ed25519')), part(raw)]).toString('base64')} ${comment}`;
}

/** A 1×1 PNG. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The newest code sent to an address, read from the outbox as a platform admin (GET /system/outbox). */
async function codeFromOutbox(request: APIRequestContext, address: string): Promise<string> {
  const login = await request.post('/api/keystone/short_term_token/name', { data: { name: 'admin', password: adminPassword } });
  const token = ((await login.json()) as { spec: { token: string } }).spec.token;
  let code = '';
  await expect
    .poll(async () => {
      const reply = await request.get(`/api/system/outbox?field_eq_address=${encodeURIComponent(address)}`, { headers: { 'Bihu-Token': token } });
      const { spec } = (await reply.json()) as { spec: { list: { body: string }[]; total: number } };
      code = /\b(\d{6})\b/.exec(spec.list[0]?.body ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

test('captcha after failed sign-ins, then one’s account: avatar, SSH key, phone change', async ({ page, request }) => {
  // Three wrong passwords: the third refusal brings the captcha into the form (not a toast).
  await page.goto('/login');
  await page.getByTestId('login-name').fill('demo-user');
  for (let i = 0; i < 3; i++) {
    await page.getByTestId('login-password').fill(`Wrong-pass-${i}`);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveAttribute('data-code', '555');
  }
  const form = page.getByTestId('login-form');
  await expect(form.getByTestId('login-captcha-image')).toBeVisible();
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0);

  // The right password with the captcha answer signs in.
  await page.getByTestId('login-password').fill(demoPassword);
  await form.getByTestId('login-captcha-answer').fill(captchaAnswer);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('shell')).toBeVisible();

  // User info from the user menu.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-profile').click();
  await expect(page.getByTestId('user-info-page')).toBeVisible();
  await expect(page.getByTestId('verification-status')).toHaveAttribute('data-verified', 'both');

  // Avatar: choose, preview, save; the avatar is then served by the API.
  await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('avatar-preview')).toBeVisible();
  await page.getByTestId('avatar-save').click();
  await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute('src', /^\/api\/user\/avatar\/[0-9a-f-]{36}\.png$/);
  const src = await page.getByTestId('profile-avatar').locator('img').getAttribute('src');
  expect((await request.get(src ?? '')).headers()['content-type']).toBe('image/png');

  // SSH key: a garbage line is refused in the card, a real key is listed with its fingerprint.
  await page.getByTestId('ssh-key-input').fill('not a key');
  await page.getByTestId('ssh-key-add').click();
  await expect(page.getByTestId('ssh-key-error')).toContainText('Not an OpenSSH public key');
  await page.getByTestId('ssh-key-input').fill(ed25519PublicKey('e2e@laptop'));
  await page.getByTestId('ssh-key-add').click();
  await expect(page.getByTestId('ssh-key-row')).toHaveCount(1);
  await expect(page.getByTestId('ssh-key-row')).toContainText('e2e@laptop');
  await expect(page.getByTestId('ssh-key-fingerprint')).toContainText(/SHA256:[A-Za-z0-9+/]{43}/);

  // Phone change: a code to the NEW number, read from the admin's outbox.
  const newPhone = '13900001234';
  await page.getByTestId('change-phone').click();
  const dialog = page.getByTestId('contact-form-telephone');
  await dialog.getByTestId('contact-new').fill(newPhone);
  await dialog.getByTestId('contact-send-code').click();
  await expect(dialog.getByTestId('contact-send-code')).toBeDisabled();
  await dialog.getByTestId('contact-code').fill(await codeFromOutbox(request, newPhone));
  await dialog.getByTestId('contact-submit').click();
  await expect(page.getByTestId('profile-phone')).toHaveText(newPhone);
});
