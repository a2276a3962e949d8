import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { JobDetail } from '../../features/jobs/components/job-detail';

/** /job/info/:cluster/:jobIndex */
export default function JobInfoPage() {
  const { t } = useTranslation('jobs');
  const navigate = useNavigate();
  const { cluster = '', jobIndex = '' } = useParams();
  return (
    <div data-testid="job-info-page">
      <PageHeader
        title={t('pages.detail')}
        subtitle={`${cluster} · #${jobIndex}`}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)}>
            {t('pages.back')}
          </Button>
        }
      />
      <JobDetail key={`${cluster}/${jobIndex}`} cluster={cluster} jobId={jobIndex} />
    </div>
  );
}
