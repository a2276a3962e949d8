import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import '@xterm/xterm/css/xterm.css';
import { readToken } from '../../../lib/token-storage';
import { connectShell, shellUrl, type ShellConnection, type ShellState } from '../shell-connection';

/** A login shell on the partition's login node, as the user's bound account (xterm.js over the shell socket). */
export function WebTerminal({ cluster, partition }: { cluster: string; partition: string }) {
  const { t } = useTranslation('webssh');
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ShellState>({ kind: 'connecting' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!host.current) return;
    const term = new Terminal({ cursorBlink: true, fontSize: 14, scrollback: 5000, fontFamily: 'Menlo, Consolas, "DejaVu Sans Mono", monospace' });
    const fit = new FitAddon();
    term.loadAddon(fit);
    term.open(host.current);
    fit.fit();
    setState({ kind: 'connecting' });
    const connection: ShellConnection = connectShell({
      url: shellUrl({ cluster, partition, cols: term.cols, rows: term.rows }, readToken() ?? ''),
      onOutput: (bytes) => term.write(bytes),
      onState: (next) => {
        setState(next);
        if (next.kind === 'open') term.focus();
      },
    });
    const typing = term.onData((data) => connection.input(data));
    const resized = term.onResize(({ cols, rows }) => connection.resize(cols, rows));
    const observer = new ResizeObserver(() => fit.fit());
    observer.observe(host.current);
    return () => {
      observer.disconnect();
      typing.dispose();
      resized.dispose();
      connection.close();
      term.dispose();
    };
  }, [cluster, partition, attempt]);

  const ended = state.kind === 'closed' || state.kind === 'refused' || state.kind === 'interrupted';
  return (
    <Flex vertical gap={8} style={{ height: '100%' }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text data-testid="webssh-status" data-state={state.kind}>
          {state.kind === 'open' ? (
            <>
              <Tag color="success">{t('state.open')}</Tag>
              {t('openAs', { account: state.account, host: state.host })}
              <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                {t('limits', { idle: Math.round(state.idleSeconds / 60), max: Math.round((state.maxSeconds / 3600) * 10) / 10 })}
              </Typography.Text>
            </>
          ) : (
            <Tag color={ended ? 'error' : 'processing'}>{t(`state.${state.kind}`)}</Tag>
          )}
        </Typography.Text>
        {ended ? (
          <Button onClick={() => setAttempt((n) => n + 1)} data-testid="webssh-reconnect">
            {t('reconnect')}
          </Button>
        ) : null}
      </Flex>
      {state.kind === 'closed' ? (
        <Alert type={state.reason === 'error' ? 'error' : 'info'} showIcon title={t(`reasons.${state.reason}`)} description={state.message} data-testid="webssh-closed" />
      ) : null}
      {state.kind === 'refused' ? <Alert type="error" showIcon title={t('refused')} description={t('refusedHelp')} data-testid="webssh-refused" /> : null}
      <div
        ref={host}
        data-testid="webssh-terminal"
        style={{ flex: 1, minHeight: 320, height: 'calc(100vh - 260px)', background: '#000', padding: 4, borderRadius: 4, overflow: 'hidden' }}
      />
    </Flex>
  );
}
