import { captchaSchema, type Captcha } from '@starlight/contract/verification';
import { apiSpec } from '../../../lib/api-client';

/** A new human-verification challenge (POST /keystone/captcha): an SVG, one use, 2 minutes. */
export async function getCaptcha(): Promise<Captcha> {
  return captchaSchema.parse(await apiSpec('/keystone/captcha', { method: 'POST', auth: false }));
}
