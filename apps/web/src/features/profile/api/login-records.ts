import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { loginRecordListSchema } from '@starlight/contract/audit';
import { apiSpec } from '../../../lib/api-client';

export interface LoginRecordQuery {
  page: number;
  pageSize: number;
  /** Another user's records (query_all_user); empty: one's own. */
  userName: string;
}

/** GET /user/access/login, paged on the server. */
export function useLoginRecords({ page, pageSize, userName }: LoginRecordQuery) {
  return useQuery({
    queryKey: ['profile', 'login-records', page, pageSize, userName],
    queryFn: async ({ signal }) =>
      loginRecordListSchema.parse(await apiSpec('/user/access/login', { query: { page, page_size: pageSize, field_eq_user_name: userName || undefined }, signal })),
    placeholderData: keepPreviousData,
  });
}
