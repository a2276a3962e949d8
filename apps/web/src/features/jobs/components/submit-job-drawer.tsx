import { useState } from 'react';
import { Button, Drawer } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../lib/feedback';
import { SubmitJobForm } from './submit-job-form';

/** 'Submit job' on /job/myjobs: the form in a drawer; the list refreshes itself after a submit. */
export function SubmitJobButton() {
  const { t } = useTranslation('jobs');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="submit-job-open">
        {t('submit.open')}
      </Button>
      <Drawer title={t('submit.title')} open={open} onClose={() => setOpen(false)} size="min(560px, 100vw)" destroyOnHidden data-testid="submit-job-drawer">
        <SubmitJobForm
          onSubmitted={(result) => {
            setOpen(false);
            feedback().message.success(t('submit.done', { id: result.job_id, cluster: result.cluster }));
            for (const warning of result.warnings) feedback().message.warning(warning);
          }}
        />
      </Drawer>
    </>
  );
}
