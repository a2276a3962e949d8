import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { RunDetail } from '../../features/apps/components/run-detail';
import type { StepGraph } from '../../features/apps/components/run-steps';
import { ReadOnlyWorkflowGraph } from '../../features/designer/components/workflow-graph';

// the run page draws a workflow with the designer's own canvas (one renderer), read only
const stepGraph: StepGraph = ({ cwl, stepStates }) => <ReadOnlyWorkflowGraph cwl={cwl} stepStates={stepStates} height="max(280px, 40vh)" />;

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
      <RunDetail key={uuid} app={app} uuid={uuid} graph={stepGraph} />
    </div>
  );
}
