import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { JobMetricsView } from '../../features/monitor/components/job-metrics-view';

/** /job/info/:cluster/:jobIndex/monitor: the job's nodes' metrics over its lifetime (reached from the job detail). */
export default function JobMonitorPage() {
  const { t } = useTranslation('monitor');
  const navigate = useNavigate();
  const { cluster = '', jobIndex = '' } = useParams();
  return (
    <div data-testid="job-monitor-page">
      <PageHeader
        title={t('pages.jobMonitor', { id: jobIndex })}
        subtitle={cluster}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(`/job/info/${encodeURIComponent(cluster)}/${encodeURIComponent(jobIndex)}`)}>
            {t('pages.backToJob')}
          </Button>
        }
      />
      <JobMetricsView key={`${cluster}/${jobIndex}`} cluster={cluster} jobId={jobIndex} />
    </div>
  );
}
