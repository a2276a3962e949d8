import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '../route-frame';

/** An in-app path only: `/x`, never `//host` or a scheme, so the splash cannot send anyone elsewhere. */
const safeTarget = (value: string | null): string => (value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/loading') ? value : '/');

/**
 * /loading: the start-up splash while the session is restored; then on to `?redirect=` (the shell's guard
 * restores the session from the saved token, or sends to /login).
 */
export default function LoadingPage() {
  const { t } = useTranslation('docs');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeTarget(params.get('redirect'));
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate(target, { replace: true }), 300);
    return () => window.clearTimeout(timer);
  }, [navigate, target]);
  return (
    <div data-testid="loading-splash" style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 16 }}>
      <strong style={{ fontSize: 24 }}>{t('loading.product')}</strong>
      <PageFallback />
      <span>{t('loading.text')}</span>
    </div>
  );
}
