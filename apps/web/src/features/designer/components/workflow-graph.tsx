import { useMemo } from 'react';
import { entries, workflowGraph } from '@starlight/contract/cwl/graph';
import { parseDraft, runProcess } from '../model';
import { WorkflowCanvas, type StepStates } from './workflow-canvas';

const none = () => undefined;

/**
 * A workflow's graph, read only: the designer's own canvas (one renderer), used by the public /workflow page
 * and the run page, where each step carries its live state. Null when the text is not a Workflow.
 */
export function ReadOnlyWorkflowGraph({ cwl, stepStates, height = 'max(360px, 60vh)' }: { cwl: string; stepStates?: StepStates; height?: string }) {
  const parsed = useMemo(() => parseDraft(cwl), [cwl]);
  const process = parsed.ok && parsed.process.class === 'Workflow' ? parsed.process : undefined;
  const graph = useMemo(() => (process ? workflowGraph(process) : undefined), [process]);
  const root = useMemo(() => (parsed.ok ? parsed.doc.toJS() : undefined), [parsed]);
  const stepPorts = useMemo(
    () => (step: string) => {
      const run = runProcess(entries(process?.steps).find((s) => s.id === step)?.run, new Map(), root);
      return { inputs: entries(run?.inputs).map((i) => i.id), outputs: entries(run?.outputs).map((o) => o.id) };
    },
    [process, root],
  );
  if (!graph) return null;
  return (
    <div style={{ height, border: '1px solid #f0f0f0', borderRadius: 8 }} data-testid="workflow-graph">
      <WorkflowCanvas graph={graph} stepPorts={stepPorts} positions={{}} onPositions={none} onConnect={none} onSelect={none} onDropApp={none} stepStates={stepStates} readOnly />
    </div>
  );
}
