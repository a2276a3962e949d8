import { Flex, Input, Select } from 'antd';
import type { CwlObject } from '@starlight/contract/cwl/document';
import { CommitInput, parseLiteral, showLiteral } from './commit-input';

const kv = (o: unknown) => Object.entries((o ?? {}) as Record<string, unknown>).map(([k, v]) => `${k}=${String(v)}`).join('\n');
const fromKv = (text: string) => Object.fromEntries(text.split('\n').flatMap((l) => (l.includes('=') ? [[l.slice(0, l.indexOf('=')).trim(), l.slice(l.indexOf('=') + 1)]] : [])));

/** The fields of the requirement kinds that carry any (the feature flags have none). */
export function RequirementBody({ kind, body, onChange }: { kind: string; body: CwlObject; onChange: (body: CwlObject) => void }) {
  const text = (name: string, placeholder?: string) => (
    <CommitInput key={name} value={showLiteral(body[name])} placeholder={placeholder ?? name} onCommit={(v) => onChange({ [name]: parseLiteral(v) })} testId={`designer-req-${kind}-${name}`} />
  );
  const box = (children: React.ReactNode) => (
    <Flex gap={6} wrap style={{ margin: '4px 0 0 36px' }}>
      {children}
    </Flex>
  );
  switch (kind) {
    case 'DockerRequirement':
      return box([text('dockerPull', 'dockerPull (debian:stable-slim)'), text('dockerOutputDirectory')]);
    case 'ResourceRequirement':
      return box(['coresMin', 'coresMax', 'ramMin', 'ramMax', 'tmpdirMin', 'outdirMin'].map((f) => text(f)));
    case 'EnvVarRequirement':
      return box(<Input.TextArea key={kv(body.envDef)} autoSize defaultValue={kv(body.envDef)} placeholder="NAME=value" onBlur={(e) => onChange({ envDef: fromKv(e.target.value) })} />);
    case 'InitialWorkDirRequirement':
      return box(<Input.TextArea key={showLiteral(body.listing)} autoSize defaultValue={showLiteral(body.listing)} placeholder='[{"entryname": "config.ini", "entry": "…"}]' onBlur={(e) => onChange({ listing: parseLiteral(e.target.value) })} />);
    case 'LoadListingRequirement':
      return box(
        <Select size="small" style={{ minWidth: 160 }} value={body.loadListing as string | undefined} onChange={(v) => onChange({ loadListing: v })} options={['no_listing', 'shallow_listing', 'deep_listing'].map((v) => ({ value: v, label: v }))} />,
      );
    case 'InlineJavascriptRequirement':
      return box(<Input.TextArea key={showLiteral(body.expressionLib)} autoSize defaultValue={(body.expressionLib as string[] | undefined)?.join('\n') ?? ''} placeholder="expressionLib" onBlur={(e) => onChange({ expressionLib: e.target.value.trim() ? [e.target.value] : undefined })} />);
    default:
      return null;
  }
}
