import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Select } from 'antd';
import type { RuleRender } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { JobSubmitResult } from '@starlight/contract/jobs';
import { Code } from '@starlight/contract/codes';
import { isApiError } from '../../../lib/api-error';
import { useAvailableClusters } from '../api/get-available-clusters';
import { useAvailablePartitions } from '../api/get-available-partitions';
import { useSubmitJob } from '../api/submit-job';
import { defaultScript, serverFieldProblems, validateSubmit, type JobSubmitField, type JobSubmitValues } from '../submit-validation';

const initialValues: JobSubmitValues = { name: 'job', script: defaultScript, cpus: 1 };

/**
 * The plain submit form (spec §2 /job): cluster and partition from the ones the user may use, the
 * rest checked by the contract's jobSubmitInputSchema on the fields, and again by the server (1400
 * lands on the field it names).
 */
export function SubmitJobForm({ onSubmitted }: { onSubmitted: (result: JobSubmitResult) => void }) {
  const { t } = useTranslation('jobs');
  const [form] = Form.useForm<JobSubmitValues>();
  const clusters = useAvailableClusters();
  const partitions = useAvailablePartitions();
  const submit = useSubmitJob();
  const [refusal, setRefusal] = useState<string | null>(null);
  const cluster = Form.useWatch('cluster', form) as string | undefined;
  const partitionName = Form.useWatch('partition', form) as string | undefined;

  const offered = (partitions.data ?? []).filter((p) => !cluster || p.cluster_name === cluster);
  const partition = offered.find((p) => p.name === partitionName);
  const maxTime = partition?.max_time_minutes ?? null;

  // Start on the first cluster and its default partition, once both are known.
  useEffect(() => {
    if (!clusters.data || !partitions.data || form.getFieldValue('cluster')) return;
    const first = clusters.data[0]?.name;
    const inFirst = partitions.data.filter((p) => p.cluster_name === first);
    form.setFieldsValue({ cluster: first, partition: (inFirst.find((p) => p.is_default) ?? inFirst[0])?.name });
  }, [clusters.data, partitions.data, form]);

  const rule =
    (field: JobSubmitField): RuleRender =>
    ({ getFieldsValue }) => ({
      validator: async () => {
        const problem = validateSubmit(getFieldsValue(true) as JobSubmitValues, t, maxTime).problems.find((p) => p.name === field);
        if (problem) throw new Error(problem.errors[0]);
      },
    });

  const onFinish = async () => {
    setRefusal(null);
    const values = form.getFieldsValue(true) as JobSubmitValues;
    const { input, problems } = validateSubmit(values, t, maxTime);
    if (!input) {
      form.setFields(problems);
      return;
    }
    try {
      const result = await submit.mutateAsync(input);
      form.resetFields();
      onSubmitted(result);
    } catch (error) {
      const problemsFromServer = serverFieldProblems(error);
      if (problemsFromServer) form.setFields(problemsFromServer);
      else if (isApiError(error) && error.code === 1400) setRefusal(error.info);
      else if (isApiError(error) && error.code === Code.upstreamDown) setRefusal(`${t('unreachable.title')}: ${error.info}`);
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={initialValues} onFinish={() => void onFinish()} data-testid="submit-job-form">
      <Form.Item name="cluster" label={t('fields.cluster')} rules={[rule('cluster')]}>
        <Select
          loading={clusters.isLoading}
          options={(clusters.data ?? []).map((c) => ({ value: c.name, label: c.name }))}
          onChange={(name: string) => {
            const inCluster = (partitions.data ?? []).filter((p) => p.cluster_name === name);
            form.setFieldValue('partition', (inCluster.find((p) => p.is_default) ?? inCluster[0])?.name);
          }}
          data-testid="submit-cluster"
        />
      </Form.Item>
      <Form.Item name="partition" label={t('fields.partition')} rules={[rule('partition')]} extra={maxTime ? t('fields.partitionLimit', { minutes: maxTime }) : undefined}>
        <Select
          loading={partitions.isLoading}
          options={offered.map((p) => ({ value: p.name, label: p.description ? `${p.name} — ${p.description}` : p.name }))}
          data-testid="submit-partition"
        />
      </Form.Item>
      <Form.Item name="name" label={t('fields.name')} rules={[rule('name')]}>
        <Input maxLength={200} data-testid="submit-name" />
      </Form.Item>
      <Form.Item name="script" label={t('fields.script')} rules={[rule('script')]} extra={t('fields.scriptHint')}>
        <Input.TextArea rows={8} spellCheck={false} style={{ fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", fontSize: 12 }} data-testid="submit-script" />
      </Form.Item>
      <Form.Item name="cpus" label={t('fields.cpus')} rules={[rule('cpus')]}>
        <InputNumber min={1} max={4096} precision={0} style={{ width: '100%' }} data-testid="submit-cpus" />
      </Form.Item>
      <Form.Item name="time_limit_minutes" label={t('fields.timeLimit')} rules={[rule('time_limit_minutes')]} extra={t('fields.timeLimitHint')}>
        <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid="submit-time-limit" />
      </Form.Item>
      <Form.Item name="working_directory" label={t('fields.workingDirectory')} rules={[rule('working_directory')]} extra={t('fields.workingDirectoryHint')}>
        <Input placeholder="~" data-testid="submit-workdir" />
      </Form.Item>
      {refusal ? <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="submit-refusal" /> : null}
      <Button type="primary" htmlType="submit" block loading={submit.isPending} data-testid="submit-job">
        {t('submit.submit')}
      </Button>
    </Form>
  );
}
