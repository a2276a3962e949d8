import { useEffect, useState } from 'react';
import { deliverySchema, type Delivery } from '@starlight/contract/verification';
import { apiSpec } from '../../../lib/api-client';

/** GET /user/user_verify/delivery (public): whether codes are really sent, or wait in the administrators' outbox. */
export async function getDelivery(): Promise<Delivery> {
  return deliverySchema.parse(await apiSpec('/user/user_verify/delivery', { auth: false }));
}

/** The account pages live outside the query provider (the login bundle stays small): a plain effect, as useCaptcha. */
export function useDelivery(): Delivery | null {
  const [delivery, setDelivery] = useState<Delivery | null>(null);
  useEffect(() => {
    let live = true;
    getDelivery().then((d) => live && setDelivery(d), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  return delivery;
}
