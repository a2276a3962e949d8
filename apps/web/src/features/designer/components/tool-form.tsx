import { useState } from 'react';
import { Button, Card, Collapse, Flex, Form, Input, Select, Space, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../lib/feedback';
import type { CwlObject } from '@starlight/contract/cwl/document';
import { entries } from '@starlight/contract/cwl/graph';
import { requirementKinds } from '@starlight/contract/cwl/requirements';
import type { ToolEditor } from '@starlight/contract/cwl/tool-edit';
import { CommitInput, parseLiteral, showLiteral } from './commit-input';
import { commonTypes } from './io-panel';
import { RequirementBody } from './requirement-body';

const asStrings = (v: unknown): string[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))) : [String(v)]);
const asCodes = (v: unknown): string[] => asStrings(v);
const toCodes = (v: string[]) => v.map(Number).filter((n) => Number.isInteger(n));
const typeText = (t: unknown) => (typeof t === 'string' ? t : JSON.stringify(t));

/** The CommandLineTool form: command line, streams, exit codes, ports with their bindings, requirements. */
export function ToolForm({ process, edit }: { process: CwlObject; edit: (fn: (t: ToolEditor) => void) => void }) {
  const { t } = useTranslation('designer');
  const { message } = feedback();
  const [newPort, setNewPort] = useState({ section: 'inputs' as 'inputs' | 'outputs', id: '', type: 'File' });
  const declared = new Set([...entries(process.requirements, 'class', 'class'), ...entries(process.hints, 'class', 'class')].map((r) => r.id));
  const toggle = (kind: string, on: boolean) => {
    try {
      edit((tool) => (on ? tool.addRequirement(kind) : tool.removeRequirement(kind)));
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Flex vertical gap={12} data-testid="designer-tool-form">
      <Card size="small" title={t('tool.command')}>
        <Form layout="vertical" size="small">
          <Form.Item label="baseCommand">
            <Select mode="tags" value={asStrings(process.baseCommand)} onChange={(v: string[]) => edit((x) => x.set('baseCommand', v.length === 1 ? v[0] : v))} data-testid="designer-basecommand" />
          </Form.Item>
          <Form.Item label="arguments" tooltip={t('tool.argumentsHelp')}>
            <Select mode="tags" value={asStrings(process.arguments)} onChange={(v: string[]) => edit((x) => x.set('arguments', v.map((a) => (a.startsWith('{') ? parseLiteral(a) : a))))} />
          </Form.Item>
          <Flex gap={8} wrap>
            {(['stdin', 'stdout', 'stderr'] as const).map((f) => (
              <Form.Item key={f} label={f} style={{ flex: 1, minWidth: 120 }}>
                <CommitInput value={String(process[f] ?? '')} onCommit={(v) => edit((x) => x.set(f, v))} testId={`designer-${f}`} />
              </Form.Item>
            ))}
          </Flex>
          <Flex gap={8} wrap>
            {(['successCodes', 'temporaryFailCodes', 'permanentFailCodes'] as const).map((f) => (
              <Form.Item key={f} label={f} style={{ flex: 1, minWidth: 150 }}>
                <Select mode="tags" value={asCodes(process[f])} onChange={(v: string[]) => edit((x) => x.set(f, toCodes(v)))} />
              </Form.Item>
            ))}
          </Flex>
        </Form>
      </Card>
      <Card size="small" title={t('tool.ports')}>
        <Collapse
          size="small"
          items={(['inputs', 'outputs'] as const).flatMap((section) =>
            entries(process[section]).map((p) => ({
              key: `${section}:${p.id}`,
              label: `${section === 'inputs' ? '→' : '←'} ${p.id} : ${typeText(p.type)}`,
              extra: <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('io.remove')} onClick={(e) => (e.stopPropagation(), edit((x) => x.removePort(section, p.id)))} />,
              children: <PortFields section={section} port={p} edit={edit} />,
            })),
          )}
        />
        <Space.Compact style={{ width: '100%', marginTop: 8 }}>
          <Select size="small" value={newPort.section} onChange={(section) => setNewPort({ ...newPort, section })} options={[{ value: 'inputs', label: t('io.input') }, { value: 'outputs', label: t('io.output') }]} style={{ width: 100 }} />
          <Input size="small" placeholder={t('io.id')} value={newPort.id} onChange={(e) => setNewPort({ ...newPort, id: e.target.value })} />
          <Select size="small" showSearch value={newPort.type} onChange={(type) => setNewPort({ ...newPort, type })} options={[...commonTypes, 'stdout', 'stderr'].map((x) => ({ value: x, label: x }))} style={{ width: 110 }} />
          <Button
            size="small"
            icon={<PlusOutlined />}
            aria-label={t('io.add')}
            onClick={() => {
              if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(newPort.id)) return;
              edit((x) => x.setPort(newPort.section, newPort.id, 'type', newPort.type));
              setNewPort({ ...newPort, id: '' });
            }}
          />
        </Space.Compact>
      </Card>
      <Card size="small" title={t('tool.requirements')}>
        <Flex vertical gap={8}>
          {requirementKinds.map((kind) => {
            const entry = entries(process.requirements, 'class', 'class').find((r) => r.id === kind);
            return (
              <div key={kind} data-testid={`designer-req-${kind}`}>
                <Space>
                  <Switch size="small" checked={declared.has(kind)} onChange={(on) => toggle(kind, on)} aria-label={kind} />
                  <span>{kind}</span>
                </Space>
                {entry ? <RequirementBody kind={kind} body={entry} onChange={(body) => edit((x) => x.setRequirementBody(kind, body))} /> : null}
              </div>
            );
          })}
        </Flex>
      </Card>
    </Flex>
  );
}

function PortFields({ section, port, edit }: { section: 'inputs' | 'outputs'; port: CwlObject & { id: string }; edit: (fn: (t: ToolEditor) => void) => void }) {
  const binding = ((section === 'inputs' ? port.inputBinding : port.outputBinding) ?? {}) as CwlObject;
  const field = (name: string, parse: (v: string) => unknown = (v) => v) => (
    <Form.Item key={name} label={name} style={{ flex: 1, minWidth: 110, marginBottom: 6 }}>
      <CommitInput
        value={showLiteral(binding[name])}
        onCommit={(v) => edit((x) => (section === 'inputs' ? x.setInputBinding(port.id, name as 'prefix', parse(v)) : x.setOutputBinding(port.id, name as 'glob', parse(v))))}
        testId={`designer-${section}-${port.id}-${name}`}
      />
    </Form.Item>
  );
  const flag = (name: 'separate' | 'shellQuote') => (
    <Form.Item key={name} label={name} style={{ marginBottom: 6 }}>
      <Switch size="small" checked={binding[name] !== false} onChange={(on) => edit((x) => x.setInputBinding(port.id, name, on ? undefined : false))} />
    </Form.Item>
  );
  return (
    <Form layout="vertical" size="small">
      <Form.Item label="type" style={{ marginBottom: 6 }}>
        <CommitInput value={typeText(port.type)} onCommit={(v) => edit((x) => x.setPort(section, port.id, 'type', v.startsWith('{') || v.startsWith('[') ? parseLiteral(v) : v))} />
      </Form.Item>
      {section === 'inputs' ? (
        <Flex gap={8} wrap>
          {field('position', (v) => parseLiteral(v))}
          {field('prefix')}
          {field('itemSeparator')}
          {field('valueFrom')}
          {flag('separate')}
          {flag('shellQuote')}
        </Flex>
      ) : (
        <Flex gap={8} wrap>
          {field('glob')}
          {field('outputEval')}
        </Flex>
      )}
    </Form>
  );
}
