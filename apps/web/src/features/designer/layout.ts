import ELK from 'elkjs/lib/elk-api.js';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';
import type { WorkflowGraph } from '@starlight/contract/cwl/graph';

// elkjs runs in a Web Worker: laying out hundreds of steps never blocks the page, and its 1.4 MB
// stay out of the designer's chunk.
const elk = new ELK({ workerUrl: elkWorkerUrl });

export const nodeWidth = 200;
export const portRow = 22;
export const nodeHeight = (ports: number) => 40 + Math.max(1, ports) * portRow;

/** Left-to-right layered layout (elkjs) of the workflow graph: node id → top-left position. */
export async function layoutGraph(graph: WorkflowGraph): Promise<Record<string, { x: number; y: number }>> {
  const key = (kind: string, id: string) => `${kind}:${id}`;
  const result = await elk.layout({
    id: 'root',
    layoutOptions: { 'elk.algorithm': 'layered', 'elk.direction': 'RIGHT', 'elk.spacing.nodeNode': '30', 'elk.layered.spacing.nodeNodeBetweenLayers': '60' },
    children: graph.nodes.map((n) => ({ id: key(n.kind, n.id), width: nodeWidth, height: nodeHeight(Math.max(n.inputs.length, n.outputs.length)) })),
    edges: graph.edges.map((e, i) => ({
      id: `e${i}`,
      sources: [e.source.step ? key('step', e.source.step) : key('input', e.source.port)],
      targets: [e.target.step ? key('step', e.target.step) : key('output', e.target.port)],
    })),
  });
  return Object.fromEntries((result.children ?? []).map((c) => [c.id, { x: c.x ?? 0, y: c.y ?? 0 }]));
}
