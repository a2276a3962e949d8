import { apiSpec } from '../../../lib/api-client';

export interface LoginCaptcha {
  id: string;
  svg: string;
}

/** POST /keystone/captcha for the login form (checked by hand: the login page loads no zod). */
export async function getLoginCaptcha(): Promise<LoginCaptcha> {
  const spec = await apiSpec<unknown>('/keystone/captcha', { method: 'POST', auth: false });
  const { id, svg } = (spec ?? {}) as Record<string, unknown>;
  if (typeof id !== 'string' || typeof svg !== 'string') throw new Error('malformed captcha');
  return { id, svg };
}
