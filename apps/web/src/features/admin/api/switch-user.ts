import { apiSpec } from '../../../lib/api-client';

/** Spec §4/§7: the impersonation call takes user_name and answers code 200 with the new token as spec. */
export async function changeUser(userName: string): Promise<string> {
  // silent: a failure is shown by the dialog as 'operation failed' with the server's info (spec §8)
  return apiSpec<string>('/keystone/short_term_token/change_user', { method: 'POST', body: { user_name: userName }, silent: true });
}

/** Ends the switched session on the server; switching back goes on even if this fails. */
export async function endSwitchedSession(): Promise<void> {
  await apiSpec('/keystone/short_term_token/change_user', { method: 'DELETE', silent: true });
}

/** The switch dialog's remote search: users whose name contains `part` (spec: spec list with id, user_name). */
export async function searchUserNames(part: string, signal?: AbortSignal): Promise<{ id: number; user_name: string }[]> {
  const spec = await apiSpec<{ list: { id: number; user_name: string }[] }>('/user/user', {
    query: { field_lk_user_name: part.trim(), page: 1, page_size: 20 },
    signal,
    silent: true,
  });
  return spec.list.map(({ id, user_name }) => ({ id, user_name }));
}
