import { useCallback, useEffect, useMemo, useState } from 'react';
import { Background, Controls, ReactFlow, ReactFlowProvider, applyNodeChanges, useReactFlow } from '@xyflow/react';
import type { Connection, Edge, NodeChange } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { StepState } from '@starlight/contract/apps';
import type { WorkflowGraph } from '@starlight/contract/cwl/graph';
import { layoutGraph } from '../layout';
import { CwlNode } from './cwl-node';
import type { CwlFlowNode } from './cwl-node';

const nodeTypes = { cwl: CwlNode };
/** Each run step's state and its label in the page's language. */
export type StepStates = Record<string, { state: StepState; label: string }>;
export const nodeKey = (kind: string, id: string) => `${kind}:${id}`;

interface Props {
  graph: WorkflowGraph;
  /** Port lists of each step's run (a catalogue step shows its app's ports even when unconnected). */
  stepPorts: (step: string) => { inputs: string[]; outputs: string[] };
  positions: Record<string, { x: number; y: number }>;
  onPositions: (p: Record<string, { x: number; y: number }>) => void;
  onConnect: (source: { kind: string; id: string; port: string }, target: { kind: string; id: string; port: string }) => void;
  onSelect: (node: { kind: string; id: string } | null) => void;
  onDropApp: (app: string) => void;
  readOnly?: boolean;
  /** The run page: each step's live state on its node. */
  stepStates?: StepStates | undefined;
}

function Canvas({ graph, stepPorts, positions, onPositions, onConnect, onSelect, onDropApp, readOnly, stepStates }: Props) {
  const [layout, setLayout] = useState<Record<string, { x: number; y: number }>>({});
  const { fitView } = useReactFlow();
  // Layout is recomputed only when the set of nodes or links changes, not on every keystroke.
  const shape = useMemo(() => JSON.stringify([graph.nodes.map((n) => nodeKey(n.kind, n.id)), graph.edges]), [graph]);
  useEffect(() => {
    let live = true;
    void layoutGraph(graph).then((l) => {
      if (!live) return;
      setLayout(l);
      requestAnimationFrame(() => void fitView({ padding: 0.1, maxZoom: 1 }));
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the graph's shape
  }, [shape]);

  const built = useMemo<CwlFlowNode[]>(
    () =>
      graph.nodes.map((n) => {
        const id = nodeKey(n.kind, n.id);
        const ports = n.kind === 'step' ? stepPorts(n.id) : { inputs: n.inputs, outputs: n.outputs };
        const inputs = n.kind === 'step' ? [...new Set([...ports.inputs, ...n.inputs])] : n.inputs;
        const outputs = n.kind === 'step' ? [...new Set([...ports.outputs, ...n.outputs])] : n.outputs;
        return {
          id,
          type: 'cwl',
          position: positions[id] ?? layout[id] ?? { x: 0, y: 0 },
          data: { kind: n.kind, title: n.id, inputs, outputs, scatter: n.scatter ?? [], ...(n.kind === 'step' && stepStates?.[n.id] ? { state: stepStates[n.id]!.state, stateLabel: stepStates[n.id]!.label } : {}) },
        };
      }),
    [graph, stepPorts, positions, layout, stepStates],
  );
  const [nodes, setNodes] = useState(built);
  useEffect(() => setNodes(built), [built]);

  const edges = useMemo<Edge[]>(
    () =>
      graph.edges.map((e, i) => ({
        id: `e${i}`,
        source: e.source.step ? nodeKey('step', e.source.step) : nodeKey('input', e.source.port),
        sourceHandle: e.source.step ? e.source.port : e.source.port,
        target: e.target.step ? nodeKey('step', e.target.step) : nodeKey('output', e.target.port),
        targetHandle: e.target.port,
      })),
    [graph],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<CwlFlowNode>[]) => {
      setNodes((ns) => applyNodeChanges(changes, ns));
      const moved = Object.fromEntries(changes.flatMap((c) => (c.type === 'position' && c.position && c.dragging === false ? [[c.id, c.position]] : [])));
      if (Object.keys(moved).length) onPositions(moved);
    },
    [onPositions],
  );

  const split = (key: string) => {
    const i = key.indexOf(':');
    return { kind: key.slice(0, i), id: key.slice(i + 1) };
  };
  const connect = useCallback(
    (c: Connection) => onConnect({ ...split(c.source), port: c.sourceHandle ?? '' }, { ...split(c.target), port: c.targetHandle ?? '' }),
    [onConnect],
  );

  return (
    <div
      style={{ width: '100%', height: '100%' }}
      // the bench (bench/designer.mjs) times an open until the automatic layout is on screen
      data-layout-ready={Object.keys(layout).length > 0 || graph.nodes.length === 0 ? 'true' : 'false'}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDrop={(e) => {
        e.preventDefault();
        const app = e.dataTransfer.getData('application/x-starlight-app');
        if (app && !readOnly) onDropApp(app);
      }}
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onConnect={readOnly ? undefined : connect}
        nodesConnectable={!readOnly}
        onNodeClick={(_, n) => onSelect(split(n.id))}
        onPaneClick={() => onSelect(null)}
        minZoom={0.05}
        onlyRenderVisibleElements
        fitView
        fitViewOptions={{ maxZoom: 1 }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}

export function WorkflowCanvas(props: Props) {
  return (
    <ReactFlowProvider>
      <Canvas {...props} />
    </ReactFlowProvider>
  );
}
