import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Code } from '@starlight/contract/codes';
import type { JobList } from '@starlight/contract/jobs';
import { formatDate } from '../../../lib/format';
import { isApiError } from '../../../lib/api-error';

/** The reason a failed job call carries; 1502 (the scheduler did not answer) is said as such. */
export function JobCallFailed({ error, title, testId }: { error: unknown; title: string; testId?: string }) {
  const { t } = useTranslation('jobs');
  const unreachable = isApiError(error) && error.code === Code.upstreamDown;
  return (
    <Alert
      type="error"
      showIcon
      title={unreachable ? t('unreachable.title') : title}
      description={isApiError(error) && !error.transport ? error.info : undefined}
      style={{ marginBottom: 16 }}
      data-testid={testId}
    />
  );
}

/** A list answered from the console's copy while some clusters' schedulers did not answer: which, since when, why. */
export function SchedulersUnreachable({ clusters }: { clusters: JobList['unreachable'] }) {
  const { t } = useTranslation('jobs');
  if (!clusters?.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={t('unreachable.list')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 16 }}>
          {clusters.map((c) => (
            <li key={c.cluster}>{t('unreachable.cluster', { cluster: c.cluster, since: formatDate(c.since), reason: c.reason })}</li>
          ))}
        </ul>
      }
      style={{ marginBottom: 16 }}
      data-testid="jobs-unreachable"
    />
  );
}
