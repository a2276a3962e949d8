import { Code } from '@starlight/contract/codes';
import { verificationMessages, type CodeSent, type RegisterCodeInput, type RegisterInput } from '@starlight/contract/verification';
import { AppError } from '../../lib/app-error';
import type { CaptchaService } from '../verification/captcha.service';
import type { CodesService, CodeTarget } from '../verification/codes.service';
import type { AuditRecorder } from '../audit/audit.service';
import type { AccountsService } from './accounts.service';
import type { ClientInfo } from './auth.service';
import type { CredentialsRepo } from './credentials.repo';
import type { UsersRepo } from './users.repo';

interface RegistrationDeps {
  users: UsersRepo;
  credentials: CredentialsRepo;
  accounts: AccountsService;
  captcha: CaptchaService;
  codes: CodesService;
  audit?: AuditRecorder | undefined;
  /** Told of each new account once it exists (the mall's points rule on registration); app.ts's hook logs its own failures. */
  onRegistered?: ((userId: number) => Promise<void>) | undefined;
}

/** A user name equal to a group's (their image namespaces would collide). */
export const nameTakenByGroup = 'The user name is the name of a group';

const conflict = (field: string, info: string) =>
  new AppError(Code.conflict, info, { fields: [{ path: `body.${field}`, message: info }] });

/** The register code goes to exactly one contact: the e-mail (lower-cased) or the phone. */
function registerTarget(v: { email?: string | undefined; telephone?: string | undefined }): CodeTarget {
  if (v.email && v.telephone)
    throw new AppError(Code.invalidInput, verificationMessages.oneContact, { fields: [{ path: 'body.telephone', message: verificationMessages.oneContact }] });
  return v.email
    ? { purpose: 'register', channel: 'email', address: v.email.toLowerCase() }
    : { purpose: 'register', channel: 'sms', address: v.telephone ?? '' };
}

/**
 * Self-registration (spec §2 /register, §5 Register): a code behind a solved captcha, then the
 * account — argon2id password, status 0, no roles. Duplicates answer 1409 with the spec's text.
 */
export function createRegistrationService({ users, credentials, accounts, captcha, codes, audit, onRegistered }: RegistrationDeps) {
  async function assertContactFree(target: CodeTarget): Promise<void> {
    if (target.channel === 'email' && (await credentials.findByEmail(target.address)))
      throw conflict('email', verificationMessages.emailRegistered);
    if (target.channel === 'sms' && (await credentials.findByTelephone(target.address)))
      throw conflict('telephone', verificationMessages.phoneRegistered);
  }

  return {
    /** The captcha is checked (and burnt) first, so probing which addresses are registered costs a solved captcha each. */
    async sendCode(input: RegisterCodeInput, ip: string): Promise<CodeSent> {
      const target = registerTarget(input);
      await captcha.verify(input.captcha_id, input.captcha_answer);
      await assertContactFree(target);
      return codes.issue(target, { ip, captchaId: input.captcha_id, deliver: true });
    },

    async register(input: RegisterInput, client: ClientInfo): Promise<{ id: number; user_name: string }> {
      const target = registerTarget(input);
      await assertContactFree(target);
      if (await users.findByUserName(input.user_name)) throw conflict('user_name', verificationMessages.usernameRegistered);
      // user and group names share the image hub's namespaces: a user named like a group would own its images
      if (await users.groupNamed(input.user_name)) throw conflict('user_name', nameTakenByGroup);
      const code = await codes.consume(target, input.verification_code);
      // The code was issued under a solved captcha; the form names that captcha (spec §5: human verification must pass).
      if (code.captchaId !== input.captcha_token)
        throw new AppError(Code.invalidInput, verificationMessages.captchaWrong, {
          fields: [{ path: 'body.captcha_token', message: verificationMessages.captchaWrong }],
        });
      const id = await accounts.createUser({
        userName: input.user_name,
        password: input.password,
        email: target.channel === 'email' ? target.address : null,
        telephone: target.channel === 'sms' ? target.address : null,
        status: 0,
        roles: [],
      });
      // Taken between the check above and the insert (a concurrent registration).
      if (id === null) throw conflict('user_name', verificationMessages.usernameRegistered);
      await audit?.record({ action: 'register', result: 'ok', userId: id, userName: input.user_name, ...client, detail: `by ${target.channel}` });
      await onRegistered?.(id);
      return { id, user_name: input.user_name };
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
