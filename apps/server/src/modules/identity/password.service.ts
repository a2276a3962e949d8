import { Code } from '@starlight/contract/codes';
import { verificationMessages, type CodeSent } from '@starlight/contract/verification';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { AuditRecorder } from '../audit/audit.service';
import type { SendMessage } from '../messages/send.service';
import type { CodesService, CodeTarget } from '../verification/codes.service';
import type { ClientInfo } from './auth.service';
import type { LoginThrottle } from './login-throttle.service';
import type { CredentialsRepo } from './credentials.repo';
import type { UserRow } from './users.repo';
import { escapeHtml } from '../../lib/html';

interface PasswordDeps {
  credentials: CredentialsRepo;
  codes: CodesService;
  throttle: LoginThrottle;
  now: () => Date;
  audit?: AuditRecorder | undefined;
  send?: SendMessage | undefined;
}

export type ResetChannel = 'email' | 'sms';

const fieldError = (field: string, info: string) => new AppError(Code.invalidInput, info, { fields: [{ path: `body.${field}`, message: info }] });

/**
 * Forgot password (by e-mail or phone code) and change password (logged in). Any change revokes
 * the user's tokens — all of them after a reset, the others after a change. Wrong current
 * passwords count as failed logins for the account, so neither call is a way around login throttling.
 */
export function createPasswordService({ credentials, codes, throttle, now, audit, send }: PasswordDeps) {
  /** After the change is written; telling the user never undoes or fails it. */
  async function tell(user: UserRow, how: string, client: ClientInfo): Promise<void> {
    await send?.({
      userId: user.id,
      kind: 'password_changed',
      title: '密码已修改 / Your password was changed',
      body: `<p>${escapeHtml(user.userName)}: 您的星光密码已于 ${now().toISOString()} 修改（${how}，来自 ${escapeHtml(client.ip)}）。如非本人操作，请立即重置密码。</p><p>Your Starlight password was changed at ${now().toISOString()} (${how}, from ${escapeHtml(client.ip)}). If this was not you, reset it now.</p>`,
    }).catch(() => undefined); // the password is changed either way; send logs its own delivery failures
  }

  const target = (channel: ResetChannel, address: string): CodeTarget => ({
    purpose: 'reset',
    channel,
    address: channel === 'email' ? address.toLowerCase() : address,
  });
  const findByContact = (t: CodeTarget): Promise<UserRow | undefined> =>
    t.channel === 'email' ? credentials.findByEmail(t.address) : credentials.findByTelephone(t.address);

  async function setPassword(user: UserRow, password: string, keepSessionId?: number): Promise<void> {
    await credentials.setPassword(user.id, await hashPassword(password), now(), keepSessionId);
  }

  async function checkCurrent(actor: Actor, password: string, client: ClientInfo): Promise<{ user: UserRow; valid: boolean }> {
    const accountKey = `user:${actor.userId}`;
    await throttle.assertAllowed(accountKey, client.ip);
    const user = await credentials.findById(actor.userId);
    if (!user) throw notFound('user');
    const valid = await verifyPassword(user.passwordHash, password);
    if (!valid) await throttle.recordFailure(accountKey, client.ip);
    return { user, valid };
  }

  return {
    /**
     * Same answer, same work before answering, whether or not the address has an account: the code
     * row is stored and counted either way and sent (after answering) only to a real, enabled account.
     */
    async sendResetCode(channel: ResetChannel, address: string, ip: string): Promise<CodeSent> {
      const t = target(channel, address);
      const user = await findByContact(t);
      return codes.issue(t, { ip, deliver: Boolean(user && !user.disabled), background: true });
    },

    async resetByCode(channel: ResetChannel, address: string, code: string, password: string, client: ClientInfo): Promise<void> {
      const t = target(channel, address);
      await codes.consume(t, code);
      const user = await findByContact(t);
      // Only reachable by guessing a never-sent code: the same answer as a wrong code.
      if (!user || user.disabled) throw fieldError('verification_code', verificationMessages.codeWrong);
      await setPassword(user, password);
      await audit?.record({ action: 'password_reset', result: 'ok', userId: user.id, userName: user.userName, ...client, detail: `by ${channel}` });
      await tell(user, channel === 'email' ? 'e-mail code' : 'SMS code', client);
    },

    async changeByLogin(actor: Actor, oldPassword: string, password: string, client: ClientInfo): Promise<void> {
      const { user, valid } = await checkCurrent(actor, oldPassword, client);
      const record = (result: 'ok' | 'failed') =>
        audit?.record({ action: 'password_change', result, userId: user.id, userName: user.userName, ...client });
      if (!valid) {
        await record('failed');
        throw fieldError('old_password', verificationMessages.oldPasswordWrong);
      }
      if (oldPassword === password) throw fieldError('password', verificationMessages.samePassword);
      await setPassword(user, password, actor.sessionId);
      await record('ok');
      await tell(user, 'signed in', client);
    },

    async check(actor: Actor, password: string, client: ClientInfo): Promise<{ valid: boolean }> {
      const { valid } = await checkCurrent(actor, password, client);
      return { valid };
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
