import { useQuery } from '@tanstack/react-query';
import { deliverySchema } from '@starlight/contract/verification';
import { apiSpec } from '../../../lib/api-client';

/** GET /user/user_verify/delivery (public): whether codes are really sent, or wait in the administrators' outbox. Changes only with the server's settings. */
export const useDelivery = () =>
  useQuery({
    queryKey: ['account', 'delivery'] as const,
    queryFn: async ({ signal }) => deliverySchema.parse(await apiSpec('/user/user_verify/delivery', { auth: false, signal })),
    staleTime: 3600_000,
  });
