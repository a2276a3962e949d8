import { useCallback, useEffect, useState } from 'react';
import type { Captcha } from '@starlight/contract/verification';
import { getCaptcha } from '../api/get-captcha';

/** The current captcha; `refresh` fetches another (each is used once, right or wrong). */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const refresh = useCallback(() => {
    setCaptcha(null);
    getCaptcha().then(setCaptcha, () => undefined);
  }, []);
  useEffect(() => refresh(), [refresh]);
  return { captcha, refresh };
}
