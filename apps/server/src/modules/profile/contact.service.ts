import { Code } from '@starlight/contract/codes';
import { profileMessages } from '@starlight/contract/profile';
import { verificationMessages, type CodeSent } from '@starlight/contract/verification';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import type { AuditRecorder } from '../audit/audit.service';
import type { CodesService, CodeTarget } from '../verification/codes.service';
import { verifiedBy, type ClientInfo } from './account.service';
import { fieldError } from './field-error';
import type { ProfileRepo } from './profile.repo';

export type ContactKind = 'email' | 'telephone';

const spec = {
  email: { purpose: 'modify_email', channel: 'email', same: profileMessages.emailSame, taken: verificationMessages.emailRegistered, action: 'email_change' },
  telephone: { purpose: 'modify_telephone', channel: 'sms', same: profileMessages.telephoneSame, taken: verificationMessages.phoneRegistered, action: 'telephone_change' },
} as const;

/** Hides most of an address in the audit detail (the log is read by auditors, not by the user). */
const masked = (value: string | null): string => {
  if (!value) return '-';
  const at = value.indexOf('@');
  return at > 0 ? `${value.slice(0, 1)}***${value.slice(at)}` : `${value.slice(0, 3)}****${value.slice(-4)}`;
};

/**
 * Changing the e-mail or phone: a code goes to the NEW address through the verification codes
 * service (its rate limits: one a minute per address, hourly per address and per client), the change
 * call checks it, re-checks uniqueness (the database constraint settles races) and audits old → new.
 */
interface ContactDeps {
  repo: ProfileRepo;
  codes: CodesService;
  audit?: AuditRecorder | undefined;
  now: () => Date;
  /** Called when a change leaves the account verified by both e-mail and phone (spec "Account verification display"). */
  onVerified?: ((userId: number) => Promise<void>) | undefined;
}

export function createContactService({ repo, codes, audit, now, onVerified }: ContactDeps) {
  const target = (kind: ContactKind, value: string): CodeTarget => ({
    purpose: spec[kind].purpose,
    channel: spec[kind].channel,
    address: kind === 'email' ? value.toLowerCase() : value,
  });

  async function assertChangeable(actor: Actor, kind: ContactKind, value: string): Promise<string | null> {
    const found = await repo.findUser(actor.userId);
    if (!found) throw notFound('user');
    const current = found.user[kind];
    if (current === value) throw fieldError(kind, spec[kind].same);
    if (await repo.contactTaken(kind, value, actor.userId)) throw new AppError(Code.conflict, spec[kind].taken, { fields: [{ path: `body.${kind}`, message: spec[kind].taken }] });
    return current;
  }

  return {
    async sendCode(actor: Actor, kind: ContactKind, value: string, ip: string): Promise<CodeSent> {
      const t = target(kind, value);
      await assertChangeable(actor, kind, t.address);
      return codes.issue(t, { ip, deliver: true });
    },

    async change(actor: Actor, kind: ContactKind, value: string, code: string, client: ClientInfo): Promise<{ email: string | null; telephone: string | null }> {
      const t = target(kind, value);
      const previous = await assertChangeable(actor, kind, t.address);
      await codes.consume(t, code);
      const values = kind === 'email' ? { email: t.address } : { telephone: t.address };
      if (!(await repo.setContact(actor.userId, values, now()))) throw new AppError(Code.conflict, spec[kind].taken, { fields: [{ path: `body.${kind}`, message: spec[kind].taken }] });
      await audit?.record({ action: spec[kind].action, result: 'ok', userId: actor.userId, userName: actor.userName, ...client, detail: `${masked(previous)} -> ${masked(t.address)}` });
      const found = await repo.findUser(actor.userId);
      const contact = { email: found?.user.email ?? null, telephone: found?.user.telephone ?? null };
      if (verifiedBy(contact) === 'both') await onVerified?.(actor.userId);
      return contact;
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
