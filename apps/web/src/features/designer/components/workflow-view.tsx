import { Alert, Col, Empty, Row, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appsApiSource } from '../api/designer-source';
import type { DesignerSource } from '../api/designer-source';
import { CwlTextPanel } from './cwl-text-panel';
import { ReadOnlyWorkflowGraph } from './workflow-graph';

/** /workflow?name=…: a public workflow, read only (graph and CWL), no login. */
export function WorkflowView({ name, source = appsApiSource }: { name: string; source?: DesignerSource }) {
  const { t } = useTranslation('designer');
  const query = useQuery({ queryKey: ['designer', 'public', name], queryFn: ({ signal }) => source.loadPublic(name, signal), enabled: !!name, retry: false });
  if (!name) return <Empty description={t('public.noName')} />;
  if (query.isLoading) return <Spin />;
  if (query.error || !query.data) return <Alert type="error" showIcon message={t('public.notFound', { name })} data-testid="workflow-public-error" />;
  return (
    <Row gutter={[12, 12]} data-testid="workflow-public">
      <Col xs={24} xl={14}>
        <ReadOnlyWorkflowGraph cwl={query.data.cwl} />
      </Col>
      <Col xs={24} xl={10}>
        <CwlTextPanel text={query.data.cwl} readOnly />
      </Col>
    </Row>
  );
}
