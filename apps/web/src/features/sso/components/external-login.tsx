import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Skeleton, Typography } from 'antd';
import { LoginOutlined, WechatOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ExternalKind } from '@starlight/contract/sso';
import { browser } from '../../../lib/browser';
import { finishExternalLogin, startExternalLogin, useExternalProvider } from '../api/external-login';

interface ExternalLoginProps {
  kind: ExternalKind;
  /** `?code=…&state=…` the provider came back with (or `?error=…`). */
  search: string;
  /** Signed in: load the session and go on. */
  onSignedIn: () => Promise<void>;
}

type Phase = { kind: 'idle' } | { kind: 'finishing' } | { kind: 'failed'; info: string } | { kind: 'qr'; embed: string; link: string };

/**
 * /wx-login and /vc-login: send the browser to the external provider (WeChat: its QR code page in an
 * iframe, plus a link), and when it comes back with a code, trade it for our token.
 */
export function ExternalLogin({ kind, search, onSignedIn }: ExternalLoginProps) {
  const { t } = useTranslation('sso');
  const provider = useExternalProvider(kind);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const started = useRef(false);
  const query = new URLSearchParams(search);
  const code = query.get('code');
  const state = query.get('state');
  const returnedError = query.get('error_description') ?? query.get('error');

  useEffect(() => {
    if (!code || !state || started.current) return;
    started.current = true;
    setPhase({ kind: 'finishing' });
    finishExternalLogin(kind, code, state)
      .then(onSignedIn)
      .catch((error: unknown) => setPhase({ kind: 'failed', info: error instanceof Error ? error.message : String(error) }));
  }, [code, state, kind, onSignedIn]);

  useEffect(() => {
    if (kind !== 'wechat' || code || !provider.data?.enabled || started.current) return;
    started.current = true;
    startExternalLogin(kind)
      .then((start) => setPhase({ kind: 'qr', embed: start.embed_url ?? start.authorization_url, link: start.authorization_url }))
      .catch((error: unknown) => setPhase({ kind: 'failed', info: error instanceof Error ? error.message : String(error) }));
  }, [kind, code, provider.data?.enabled]);

  const go = async () => {
    try {
      browser.assign((await startExternalLogin(kind)).authorization_url);
    } catch (error) {
      setPhase({ kind: 'failed', info: error instanceof Error ? error.message : String(error) });
    }
  };

  if (returnedError && !code) return <Alert type="error" showIcon title={t('external.failed', { info: returnedError })} data-testid="external-login-error" />;
  if (phase.kind === 'finishing') return <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 1 }} data-testid="external-login-finishing" />;
  if (phase.kind === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        title={t('external.failed', { info: phase.info })}
        action={<Button onClick={() => browser.assign(window.location.pathname)}>{t('external.retry')}</Button>}
        data-testid="external-login-error"
      />
    );
  if (provider.isPending) return <Skeleton active />;
  if (!provider.data?.enabled) return <Alert type="info" showIcon title={t('external.notConfigured')} data-testid="external-login-unavailable" />;

  if (kind === 'wechat')
    return (
      <Flex vertical align="center" gap={12} data-testid="wechat-login">
        <Typography.Text type="secondary">{t('external.scanHint')}</Typography.Text>
        {phase.kind === 'qr' ? (
          <>
            <iframe title={t('external.wechatTitle')} src={phase.embed} width={300} height={400} style={{ border: 0, maxWidth: '100%' }} sandbox="allow-scripts allow-same-origin allow-top-navigation" />
            <Typography.Link href={phase.link} data-testid="wechat-qr-link">
              <WechatOutlined /> {t('external.openQr')}
            </Typography.Link>
          </>
        ) : (
          <Skeleton.Node active style={{ width: 240, height: 240 }} />
        )}
      </Flex>
    );

  return (
    <Flex vertical gap={12}>
      <Button type="primary" size="large" block icon={<LoginOutlined />} onClick={() => void go()} data-testid="external-login-go">
        {t('external.continue', { name: provider.data.name })}
      </Button>
    </Flex>
  );
}
