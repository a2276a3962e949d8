import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { NewApplication } from './new-application';

/** "Request publishing" on one of the user's own apps: an app_publish application (the app becomes public when approved). */
export function RequestPublish({ appName }: { appName: string }) {
  const { t } = useTranslation('approvals');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" type="link" data-testid={`request-publish-${appName}`} onClick={() => setOpen(true)}>
        {t('apply.requestPublish')}
      </Button>
      {open ? <NewApplication open onClose={() => setOpen(false)} initial={{ kind: 'app_publish', app_name: appName }} /> : null}
    </>
  );
}
