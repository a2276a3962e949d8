import { memo } from 'react';
import { Handle, Position } from '@xyflow/react';
import type { Node, NodeProps } from '@xyflow/react';
import { nodeWidth, portRow } from '../layout';

export type CwlNodeData = {
  kind: 'input' | 'output' | 'step';
  title: string;
  inputs: string[];
  outputs: string[];
  scatter: string[];
};
export type CwlFlowNode = Node<CwlNodeData, 'cwl'>;

const colours = { input: '#e6f4ff', output: '#f6ffed', step: '#ffffff' };

/** A step (or workflow input/output) with one handle per port: inputs left, outputs right. */
export const CwlNode = memo(function CwlNode({ data, selected }: NodeProps<CwlFlowNode>) {
  const rows = Math.max(data.inputs.length, data.outputs.length, 1);
  return (
    <div
      data-testid={`designer-node-${data.kind}-${data.title}`}
      style={{ width: nodeWidth, background: colours[data.kind], border: `1px solid ${selected ? '#1677ff' : '#d9d9d9'}`, borderRadius: 6, fontSize: 12 }}
    >
      <div style={{ padding: '6px 8px', fontWeight: 600, borderBottom: '1px solid #f0f0f0', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{data.title}</div>
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
