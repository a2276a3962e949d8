import type { CodeSent } from '@starlight/contract/verification';
import { apiSpec } from '../../../lib/api-client';
import { formCodes, refreshSelf } from './account';

export type ContactKind = 'email' | 'telephone';

const codePath: Record<ContactKind, string> = { email: '/user/user_verify/email_modify_code', telephone: '/user/user_verify/telephone_modify_code' };
const changePath: Record<ContactKind, string> = { email: '/user/user/modify_user_email', telephone: '/user/user/modify_user_telephone' };

/** A code to the NEW address (1409 when another account has it, 1429 too soon). */
export function sendModifyCode(kind: ContactKind, value: string): Promise<CodeSent> {
  return apiSpec<CodeSent>(codePath[kind], { method: 'POST', body: { [kind]: value }, skip: formCodes });
}

export async function modifyContact(kind: ContactKind, value: string, code: string): Promise<void> {
  await apiSpec(changePath[kind], { method: 'PATCH', body: { [kind]: value, verification_code: code }, skip: formCodes });
  await refreshSelf();
}
