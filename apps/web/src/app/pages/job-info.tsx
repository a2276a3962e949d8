import { Button, Space } from 'antd';
import { ArrowLeftOutlined, LineChartOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { JobDetail } from '../../features/jobs/components/job-detail';

/** /job/info/:cluster/:jobIndex */
export default function JobInfoPage() {
  const { t } = useTranslation('jobs');
  const { t: tm } = useTranslation('monitor');
  const navigate = useNavigate();
  const { cluster = '', jobIndex = '' } = useParams();
  return (
    <div data-testid="job-info-page">
      <PageHeader
        title={t('pages.detail')}
        subtitle={`${cluster} · #${jobIndex}`}
        extra={
          <Space wrap>
            <Link to={`/job/info/${encodeURIComponent(cluster)}/${encodeURIComponent(jobIndex)}/monitor`} data-testid="job-monitor-link">
              <Button icon={<LineChartOutlined />}>{tm('pages.jobMonitorLink')}</Button>
            </Link>
            <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)}>
              {t('pages.back')}
            </Button>
          </Space>
        }
      />
      <JobDetail key={`${cluster}/${jobIndex}`} cluster={cluster} jobId={jobIndex} />
    </div>
  );
}
