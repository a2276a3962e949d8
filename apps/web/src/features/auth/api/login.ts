import { tokenKind, tokenLifetimeMs, type LoginInput, type LoginResult, type TokenType } from '@starlight/contract/auth';
import { Code } from '@starlight/contract/codes';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { restoreBackToken } from '../../../lib/token-storage';
import { sealPasswords } from '../../../lib/password-encryption';

export interface LoginRequest extends LoginInput {
  /** A solved captcha, demanded after repeated failures (555 with captcha_required). */
  captcha?: { id: string; answer: string } | undefined;
  tokenType: TokenType;
  /** A redirect_url on the provider's domain came with the login: share the token cookie across it. */
  crossDomain?: boolean;
}

/** Refused in the form, not by a toast: wrong credentials (555) or too many failures (1429). */
export class LoginRefusedError extends Error {
  readonly code: number;
  readonly info: string;
  /** The next try must carry a solved captcha (shown in the form). */
  readonly captchaRequired: boolean;
  constructor(code: number, info: string, captchaRequired = false) {
    super(info || `login refused (${code})`);
    this.name = 'LoginRefusedError';
    this.code = code;
    this.info = info;
    this.captchaRequired = captchaRequired;
  }
}

export const loginPaths: Record<TokenType, string> = {
  shortTerm: '/keystone/short_term_token/name',
  longTerm: '/keystone/long_term_token/name',
};

/**
 * The token spec, checked by hand rather than with loginResultSchema: the login page's first load
 * carries no zod (the vite config treats zod builders as pure, so unused schemas cost nothing).
 */
function readLoginResult(spec: unknown, requested: TokenType): LoginResult | undefined {
  if (typeof spec !== 'object' || spec === null) return undefined;
  const { token, token_type: tokenType, expires_at: expiresAt } = spec as Record<string, unknown>;
  if (typeof token !== 'string' || token === '') return undefined;
  const known = Object.keys(tokenLifetimeMs);
  return {
    token,
    token_type: typeof tokenType === 'string' && known.includes(tokenType) ? (tokenType as TokenType) : requested,
    expires_at: typeof expiresAt === 'string' ? expiresAt : '',
  };
}

const captchaRequiredIn = (spec: unknown): boolean =>
  typeof spec === 'object' && spec !== null && (spec as { captcha_required?: unknown }).captcha_required === true;

/** Spec §4: only code 200 with kind 'token' is success. */
export async function login({ name, password, tokenType, captcha }: LoginRequest): Promise<LoginResult> {
  // Spec §4: a backed-up token (account switching) is restored first, then removed.
  const restored = restoreBackToken();
  if (restored) useSessionStore.setState({ token: restored });
  const envelope = await apiRequest<unknown>(loginPaths[tokenType], {
    method: 'POST',
    // SEC30 builds send the password encrypted (lib/password-encryption)
    body: await sealPasswords({ name, password, ...(captcha ? { captcha_id: captcha.id, captcha_answer: captcha.answer } : {}) }),
    auth: false,
    tolerated: [Code.loginRefused, Code.rateLimited],
  });
  const result = envelope.code === Code.ok && envelope.kind === tokenKind ? readLoginResult(envelope.spec, tokenType) : undefined;
  if (!result) throw new LoginRefusedError(envelope.code, envelope.info, captchaRequiredIn(envelope.spec));
  return result;
}

/** Logs in and stores the token (which also clears the informed flag). */
export async function loginAndStore(request: LoginRequest): Promise<LoginResult> {
  const result = await login(request);
  useSessionStore.getState().signIn(result.token, { tokenType: result.token_type, crossDomain: request.crossDomain ?? false });
  return result;
}
