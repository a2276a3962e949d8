import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { RunDetail } from '../../features/apps/components/run-detail';

/** /swl/run/:app/:uuid: one run, its steps with live states, outputs and log. */
export default function SwlRunPage() {
  const { t } = useTranslation('apps');
  const navigate = useNavigate();
  const { app = '', uuid = '' } = useParams();
  return (
    <div data-testid="swl-run-page">
      <PageHeader
        title={t('pages.run')}
        subtitle={`${app} · ${uuid}`}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)}>
            {t('pages.back')}
          </Button>
        }
      />
      <RunDetail key={uuid} app={app} uuid={uuid} />
    </div>
  );
}
