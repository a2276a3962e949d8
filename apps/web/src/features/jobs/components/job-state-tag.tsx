import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { JobState } from '@starlight/contract/jobs';
import { jobStateColors } from '../job-states';

export function JobStateTag({ state, reason }: { state: JobState; reason?: string | null }) {
  const { t } = useTranslation('jobs');
  const tag = (
    <Tag color={jobStateColors[state]} data-testid="job-state" data-state={state} style={{ marginInlineEnd: 0 }}>
      {t(`states.${state}`)}
    </Tag>
  );
  return reason ? <Tooltip title={reason}>{tag}</Tooltip> : tag;
}
