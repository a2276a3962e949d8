import { Button, Card, Flex, Form, Select, Space, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CwlObject } from '@starlight/contract/cwl/document';
import { asList, entries } from '@starlight/contract/cwl/graph';
import { portType, typeLabel } from '@starlight/contract/cwl/ports';
import type { WorkflowEditor } from '@starlight/contract/cwl/workflow-edit';
import { CommitInput, parseLiteral, showLiteral } from './commit-input';

const scatterMethods = ['dotproduct', 'nested_crossproduct', 'flat_crossproduct'];
const linkMerges = ['merge_nested', 'merge_flattened'];
const pickValues = ['first_non_null', 'the_only_non_null', 'all_non_null'];

interface Props {
  process: CwlObject;
  step: string;
  /** The inputs of the process the step runs (types for labels). */
  runInputs: CwlObject[];
  /** Every source a step input may take: workflow inputs and other steps' outputs. */
  sources: string[];
  edit: (fn: (w: WorkflowEditor) => void) => void;
  connect: (source: string, step: string, port: string) => void;
}

/** The selected step: scatter, scatterMethod, when, and per input its sources, linkMerge, pickValue, valueFrom, default. */
export function StepPanel({ process, step, runInputs, sources, edit, connect }: Props) {
  const { t } = useTranslation('designer');
  const s = entries(process.steps).find((x) => x.id === step);
  if (!s) return null;
  const ins = entries(s.in, 'source');
  const ports = [...new Set([...runInputs.map((i) => String(i.id)), ...ins.map((i) => i.id)])];
  const scatter = asList(s.scatter);
  const typeOf = (port: string) => {
    const raw = runInputs.find((i) => i.id === port)?.type;
    return raw === undefined ? '' : typeLabel(portType(raw));
  };
  return (
    <Card
      size="small"
      title={t('step.title', { step })}
      data-testid="designer-step-panel"
      extra={<Button size="small" danger icon={<DeleteOutlined />} onClick={() => edit((w) => w.removeStep(step))} aria-label={t('step.remove')} />}
    >
      <Form layout="vertical" size="small">
        <Form.Item label={t('step.scatter')}>
          <Select
            mode="multiple"
            allowClear
            value={scatter}
            data-testid="designer-scatter"
            options={ports.map((p) => ({ value: p, label: p }))}
            onChange={(v: string[]) => edit((w) => w.setStepField(step, 'scatter', v.length === 1 ? v[0] : v))}
          />
        </Form.Item>
        <Form.Item label={t('step.scatterMethod')}>
          <Select allowClear disabled={scatter.length < 2} value={s.scatterMethod as string | undefined} options={scatterMethods.map((m) => ({ value: m, label: m }))} onChange={(v) => edit((w) => w.setStepField(step, 'scatterMethod', v))} />
        </Form.Item>
        <Form.Item label={t('step.when')} tooltip={t('step.whenHelp')}>
          <CommitInput value={String(s.when ?? '')} placeholder="$(inputs.flag)" onCommit={(v) => edit((w) => w.setStepField(step, 'when', v))} />
        </Form.Item>
      </Form>
      <Typography.Text strong>{t('step.inputs')}</Typography.Text>
      <Space direction="vertical" style={{ width: '100%' }}>
        {ports.map((port) => {
          const input: CwlObject = ins.find((i) => i.id === port) ?? { id: port };
          const current = asList(input.source);
          return (
            <Card key={port} size="small" type="inner" title={`${port} : ${typeOf(port)}`} data-testid={`designer-step-input-${port}`}>
              <Flex vertical gap={6}>
                <Select
                  mode="multiple"
                  allowClear
                  placeholder={t('step.source')}
                  value={current}
                  data-testid={`designer-source-${port}`}
                  options={sources.map((v) => ({ value: v, label: v }))}
                  onSelect={(v: string) => connect(v, step, port)}
                  onDeselect={(v: string) => edit((w) => w.disconnect(v, step, port))}
                  onClear={() => edit((w) => current.forEach((v) => w.disconnect(v, step, port)))}
                />
                <Flex gap={6} wrap>
                  <Select style={{ minWidth: 150, flex: 1 }} allowClear placeholder="linkMerge" value={input.linkMerge as string | undefined} options={linkMerges.map((m) => ({ value: m, label: m }))} onChange={(v) => edit((w) => w.setStepInputField(step, port, 'linkMerge', v))} />
                  <Select style={{ minWidth: 150, flex: 1 }} allowClear placeholder="pickValue" value={input.pickValue as string | undefined} options={pickValues.map((m) => ({ value: m, label: m }))} onChange={(v) => edit((w) => w.setStepInputField(step, port, 'pickValue', v))} />
                </Flex>
                <CommitInput value={String(input.valueFrom ?? '')} placeholder={t('step.valueFrom')} onCommit={(v) => edit((w) => w.setStepInputField(step, port, 'valueFrom', v))} />
                <CommitInput value={showLiteral(input.default)} placeholder={t('step.default')} onCommit={(v) => edit((w) => w.setStepInputField(step, port, 'default', parseLiteral(v)))} />
              </Flex>
            </Card>
          );
        })}
      </Space>
    </Card>
  );
}
