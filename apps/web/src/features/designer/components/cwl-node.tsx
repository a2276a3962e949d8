import { memo } from 'react';
import { Handle, Position } from '@xyflow/react';
import type { Node, NodeProps } from '@xyflow/react';
import type { StepState } from '@starlight/contract/apps';
import { nodeWidth, portRow } from '../layout';

export type CwlNodeData = {
  kind: 'input' | 'output' | 'step';
  title: string;
  inputs: string[];
  outputs: string[];
  scatter: string[];
  /** A run's step: its live state (the run page). */
  state?: StepState;
  stateLabel?: string;
};
export type CwlFlowNode = Node<CwlNodeData, 'cwl'>;

const colours = { input: '#e6f4ff', output: '#f6ffed', step: '#ffffff' };
/** A run step's border by state (the same hues as the run's state tags). */
const stateColours: Record<StepState, string> = { queued: '#d9d9d9', running: '#1677ff', done: '#52c41a', failed: '#ff4d4f', skipped: '#faad14', cancelled: '#8c8c8c' };

/** A step (or workflow input/output) with one handle per port: inputs left, outputs right. */
export const CwlNode = memo(function CwlNode({ data, selected }: NodeProps<CwlFlowNode>) {
  const rows = Math.max(data.inputs.length, data.outputs.length, 1);
  return (
    <div
      data-testid={`designer-node-${data.kind}-${data.title}`}
      data-state={data.state}
      style={{
        width: nodeWidth,
        background: colours[data.kind],
        border: data.state ? `2px solid ${stateColours[data.state]}` : `1px solid ${selected ? '#1677ff' : '#d9d9d9'}`,
        borderRadius: 6,
        fontSize: 12,
      }}
    >
      <div style={{ padding: '6px 8px', fontWeight: 600, borderBottom: '1px solid #f0f0f0', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {data.title}
        {data.state ? <span style={{ float: 'right', fontWeight: 400, color: stateColours[data.state] }}>{data.stateLabel}</span> : null}
      </div>
      <div style={{ position: 'relative', height: rows * portRow + 8 }}>
        {data.inputs.map((port, i) => (
          <div key={`in-${port}`} style={{ position: 'absolute', left: 8, top: 4 + i * portRow, lineHeight: `${portRow}px` }}>
            <Handle type="target" position={Position.Left} id={port} style={{ top: portRow / 2, left: -9 }} />
            {data.kind === 'step' ? `${port}${data.scatter.includes(port) ? ' ⋔' : ''}` : ''}
          </div>
        ))}
        {data.outputs.map((port, i) => (
          <div key={`out-${port}`} style={{ position: 'absolute', right: 8, top: 4 + i * portRow, lineHeight: `${portRow}px`, textAlign: 'right' }}>
            {data.kind === 'step' ? port : ''}
            <Handle type="source" position={Position.Right} id={port} style={{ top: portRow / 2, right: -9, left: 'auto' }} />
          </div>
        ))}
      </div>
    </div>
  );
});
