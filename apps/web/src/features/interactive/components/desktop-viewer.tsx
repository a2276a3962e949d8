import { useEffect, useRef, useState } from 'react';
import { Alert, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Code } from '@starlight/contract/codes';
import { sessionParamsSchema } from '@starlight/contract/interactive';
import { ApiError } from '../../../lib/api-error';
import { connectSession } from '../api/sessions';

type Status = 'connecting' | 'connected' | 'disconnected' | 'refused' | 'missing';

/** Whether `id` can name a session at all (the server's own rule: a UUID). */
export const isSessionId = (id: string): boolean => sessionParamsSchema.shape.id.safeParse(id).success;

/** No such session (or none of the caller's): said in the reader's language, never the server's raw text. */
export function MissingSession() {
  const { t } = useTranslation('interactive');
  return <Result status="404" title={t('desktop.missing')} subTitle={t('desktop.missingHelp')} data-testid="desktop-missing" />;
}

/**
 * The remote desktop in the browser: noVNC's RFB client (the console's own code) over a websocket to the
 * session origin, opened with the single-use ticket of the connect call (never the console's token), the VNC
 * password being the session's secret.
 */
export function DesktopViewer({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('interactive');
  const screen = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('connecting');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let rfb: { disconnect(): void } | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const [{ url, secret }, { default: RFB }] = await Promise.all([connectSession(sessionId, true), import('@novnc/novnc')]);
        if (cancelled || !screen.current) return;
        // the session origin's address, as http(s) → ws(s)
        const socketUrl = url.replace(/^http/, 'ws');
        const client = new RFB(screen.current, socketUrl, { credentials: { password: secret } });
        client.scaleViewport = true;
        client.addEventListener('connect', () => setStatus('connected'));
        client.addEventListener('disconnect', () => setStatus('disconnected'));
        client.addEventListener('securityfailure', () => setStatus('refused'));
        rfb = client;
      } catch (error) {
        if (cancelled) return;
        const missing = error instanceof ApiError && (error.code === Code.notFound || error.code === Code.invalidInput);
        setStatus(missing ? 'missing' : 'refused');
        // a transport failure says nothing a reader can use; the server's own words are kept for the rest
        setProblem(error instanceof ApiError && !error.transport ? error.info : null);
      }
    })();
    return () => {
      cancelled = true;
      rfb?.disconnect();
    };
  }, [sessionId]);

  if (status === 'missing') return <MissingSession />;
  return (
    <div data-testid="desktop-viewer" data-status={status}>
      {status === 'connecting' ? <Spin /> : null}
      {status === 'disconnected' ? <Alert type="info" showIcon title={t('desktop.disconnected')} /> : null}
      {status === 'refused' ? <Alert type="error" showIcon title={t('desktop.refused')} description={problem} /> : null}
      <div ref={screen} style={{ width: '100%', height: 'calc(100vh - 220px)', minHeight: 320, background: '#000' }} data-testid="desktop-screen" />
    </div>
  );
}
