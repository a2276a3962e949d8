import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

interface CodeButtonProps {
  /** Sends the code; answers the seconds until another may be asked for, or null when nothing was sent. */
  onSend: () => Promise<number | null>;
  testId?: string;
}

/** 'Send code', then a countdown ('Resend in 59 s') until the server allows another. */
export function CodeButton({ onSend, testId = 'code-button' }: CodeButtonProps) {
  const { t } = useTranslation('register');
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    setBusy(true);
    try {
      const wait = await onSend();
      if (wait !== null) setLeft(wait);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button onClick={() => void send()} loading={busy} disabled={left > 0} data-testid={testId} style={{ minWidth: 124 }}>
      {left > 0 ? t('code.resendIn', { seconds: left }) : t('code.send')}
    </Button>
  );
}
