import { useState } from 'react';
import { Button, Card, Flex, Input, List, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CwlObject } from '@starlight/contract/cwl/document';
import { asList, entries } from '@starlight/contract/cwl/graph';
import { portType, typeLabel } from '@starlight/contract/cwl/ports';
import type { WorkflowEditor } from '@starlight/contract/cwl/workflow-edit';

export const commonTypes = ['File', 'File[]', 'Directory', 'Directory[]', 'string', 'string[]', 'int', 'int[]', 'long', 'float', 'double', 'boolean', 'File?', 'string?', 'int?'];
/** The workflow's own inputs and outputs: add, retype, remove; an output's outputSource. */
export function IoPanel({ process, sources, edit, connect }: { process: CwlObject; sources: string[]; edit: (fn: (w: WorkflowEditor) => void) => void; connect: (source: string, port: string) => void }) {
  const { t } = useTranslation('designer');
  const [section, setSection] = useState<'inputs' | 'outputs'>('inputs');
  const [id, setId] = useState('');
  const [type, setType] = useState('File');
  const add = () => {
    const clean = id.trim();
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(clean)) return;
    edit((w) => w.setPort(section, clean, { type }));
    setId('');
  };
  const row = (sec: 'inputs' | 'outputs') => (p: CwlObject & { id: string }) => (
    <List.Item
      key={p.id}
      data-testid={`designer-${sec}-${p.id}`}
      actions={[<Button key="rm" size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('io.remove')} onClick={() => edit((w) => w.removePort(sec, p.id))} />]}
    >
      <Flex vertical style={{ width: '100%' }} gap={4}>
        <span>
          <b>{p.id}</b> : {typeLabel(portType(p.type))}
        </span>
        {sec === 'outputs' ? (
          <Select
            size="small"
            mode="multiple"
            placeholder={t('io.outputSource')}
            value={asList(p.outputSource)}
            options={sources.filter((s) => s.includes('/')).map((s) => ({ value: s, label: s }))}
            onSelect={(v: string) => connect(v, p.id)}
            onDeselect={(v: string) => edit((w) => w.disconnect(v, undefined, p.id))}
          />
        ) : null}
      </Flex>
    </List.Item>
  );
  return (
    <Card size="small" title={t('io.title')} data-testid="designer-io-panel">
      <List size="small" header={t('io.inputs')} dataSource={entries(process.inputs)} renderItem={row('inputs')} />
      <List size="small" header={t('io.outputs')} dataSource={entries(process.outputs)} renderItem={row('outputs')} />
      <Space.Compact style={{ width: '100%', marginTop: 8 }}>
        <Select size="small" value={section} onChange={setSection} options={[{ value: 'inputs', label: t('io.input') }, { value: 'outputs', label: t('io.output') }]} style={{ width: 100 }} />
        <Input size="small" placeholder={t('io.id')} value={id} onChange={(e) => setId(e.target.value)} onPressEnter={add} data-testid="designer-io-id" />
        <Select size="small" value={type} onChange={setType} options={commonTypes.map((x) => ({ value: x, label: x }))} style={{ width: 120 }} showSearch data-testid="designer-io-type" />
        <Button size="small" icon={<PlusOutlined />} onClick={add} aria-label={t('io.add')} data-testid="designer-io-add" />
      </Space.Compact>
    </Card>
  );
}
