import { useMemo } from 'react';
import { Alert, Col, Empty, Row, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { entries, workflowGraph } from '@starlight/contract/cwl/graph';
import { appsApiSource } from '../api/designer-source';
import type { DesignerSource } from '../api/designer-source';
import { parseDraft, runProcess } from '../model';
import { CwlTextPanel } from './cwl-text-panel';
import { WorkflowCanvas } from './workflow-canvas';

const none = () => undefined;

/** /workflow?name=…: a public workflow, read only (graph and CWL), no login. */
export function WorkflowView({ name, source = appsApiSource }: { name: string; source?: DesignerSource }) {
  const { t } = useTranslation('designer');
  const query = useQuery({ queryKey: ['designer', 'public', name], queryFn: ({ signal }) => source.loadPublic(name, signal), enabled: !!name, retry: false });
  const parsed = useMemo(() => (query.data ? parseDraft(query.data.cwl) : undefined), [query.data]);
  const process = parsed?.ok ? parsed.process : undefined;
  const graph = useMemo(() => (process ? workflowGraph(process) : undefined), [process]);
  const root = useMemo(() => (parsed?.ok ? parsed.doc.toJS() : undefined), [parsed]);
  const stepPorts = useMemo(
    () => (step: string) => {
      const run = runProcess(entries(process?.steps).find((s) => s.id === step)?.run, new Map(), root);
      return { inputs: entries(run?.inputs).map((i) => i.id), outputs: entries(run?.outputs).map((o) => o.id) };
    },
    [process, root],
  );
  if (!name) return <Empty description={t('public.noName')} />;
  if (query.isLoading) return <Spin />;
  if (query.error || !query.data) return <Alert type="error" showIcon message={t('public.notFound', { name })} data-testid="workflow-public-error" />;
  return (
    <Row gutter={[12, 12]} data-testid="workflow-public">
      <Col xs={24} xl={14}>
        <div style={{ height: 'max(360px, 60vh)', border: '1px solid #f0f0f0', borderRadius: 8 }}>
          {graph ? <WorkflowCanvas graph={graph} stepPorts={stepPorts} positions={{}} onPositions={none} onConnect={none} onSelect={none} onDropApp={none} readOnly /> : null}
        </div>
      </Col>
      <Col xs={24} xl={10}>
        <CwlTextPanel text={query.data.cwl} readOnly />
      </Col>
    </Row>
  );
}
