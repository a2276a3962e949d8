import { useState } from 'react';
import { Button, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApplicationList } from './application-list';
import { NewApplication } from './new-application';

/** /apply/my-apply: what I applied for, and what waits for my decision. */
export function MyApplications() {
  const { t } = useTranslation('approvals');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tabs
        tabBarExtraContent={
          <Button type="primary" onClick={() => setOpen(true)} data-testid="new-application">
            {t('apply.title')}
          </Button>
        }
        items={[
          { key: 'mine', label: t('tabs.mine'), children: <ApplicationList scope="mine" /> },
          { key: 'todo', label: t('tabs.todo'), children: <ApplicationList scope="todo" /> },
        ]}
      />
      <NewApplication open={open} onClose={() => setOpen(false)} />
    </>
  );
}
