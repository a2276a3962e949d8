import { useEffect, useRef, useState } from 'react';
import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { connectSession } from '../api/sessions';

type Status = 'connecting' | 'connected' | 'disconnected' | 'refused';

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
        const [{ url, secret }, { default: RFB }] = await Promise.all([connectSession(sessionId), import('@novnc/novnc')]);
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
        setProblem(String((error as { info?: string }).info ?? error));
        setStatus('refused');
      }
    })();
    return () => {
      cancelled = true;
      rfb?.disconnect();
    };
  }, [sessionId]);

  return (
    <div data-testid="desktop-viewer" data-status={status}>
      {status === 'connecting' ? <Spin /> : null}
      {status === 'disconnected' ? <Alert type="info" showIcon title={t('desktop.disconnected')} /> : null}
      {status === 'refused' ? <Alert type="error" showIcon title={problem ?? t('desktop.refused')} /> : null}
      <div ref={screen} style={{ width: '100%', height: 'calc(100vh - 220px)', minHeight: 320, background: '#000' }} data-testid="desktop-screen" />
    </div>
  );
}
