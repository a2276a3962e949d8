import { Alert, Button, Card, Descriptions, List, Popconfirm, Skeleton, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { finishedRunStates } from '@starlight/contract/apps';
import { formatDate } from '../../../lib/format';
import { useCancelRun, useRun } from '../api/apps-api';
import { RunStateTag } from './run-state-tag';
import { RunGraph, RunSteps, type StepGraph } from './run-steps';

interface OutputFile {
  class: 'File' | 'Directory';
  basename?: string;
  home_path?: string;
  size?: number;
}

/** Every File/Directory of the outputs object, with the output it belongs to. */
function outputFiles(outputs: unknown, name = ''): { name: string; file: OutputFile }[] {
  if (Array.isArray(outputs)) return outputs.flatMap((o, i) => outputFiles(o, `${name}[${i}]`));
  if (outputs && typeof outputs === 'object') {
    const o = outputs as Record<string, unknown>;
    if (o.class === 'File' || o.class === 'Directory') return [{ name, file: o as unknown as OutputFile }];
    return Object.entries(o).flatMap(([k, v]) => outputFiles(v, name ? `${name}.${k}` : k));
  }
  return [];
}

/** The file manager opens a folder: a file's link opens the folder holding it. */
const fileManagerLink = (f: OutputFile) => {
  const path = f.home_path ?? '';
  const dir = f.class === 'Directory' ? path : path.split('/').slice(0, -1).join('/');
  return `/storage/files?path=${encodeURIComponent(dir)}`;
};

/** /swl/run/:app/:uuid: the run's steps with live states, their jobs, the engine log, outputs, cancel. */
export function RunDetail({ app, uuid, graph }: { app: string; uuid: string; graph?: StepGraph }) {
  const { t } = useTranslation('apps');
  const run = useRun(app, uuid);
  const cancel = useCancelRun();
  if (run.isLoading) return <Skeleton active />;
  if (!run.data) return <Alert type="error" showIcon title={run.error?.message ?? t('run.notFound')} />;
  const r = run.data;
  const active = !finishedRunStates.includes(r.state);
  const files = outputFiles(r.outputs);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="run-detail">
      <Card
        size="small"
        title={
          <Space wrap>
            <Link to={`/app/spec/${r.app}`}>{`${r.app_title} v${r.version}`}</Link>
            <RunStateTag state={r.state} />
          </Space>
        }
        extra={
          active ? (
            <Popconfirm title={t('run.cancelConfirm')} onConfirm={() => cancel.mutate({ app, uuid })}>
              <Button danger size="small" loading={cancel.isPending} data-testid="run-cancel">
                {t('run.cancel')}
              </Button>
            </Popconfirm>
          ) : null
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('runs.cluster')}>{`${r.cluster}/${r.partition}`}</Descriptions.Item>
          <Descriptions.Item label={t('run.engine')}>{r.engine}</Descriptions.Item>
          <Descriptions.Item label={t('run.account')}>{r.account}</Descriptions.Item>
          <Descriptions.Item label={t('runs.created')}>{formatDate(r.created_at)}</Descriptions.Item>
          <Descriptions.Item label={t('run.started')}>{r.started_at ? formatDate(r.started_at) : ''}</Descriptions.Item>
          <Descriptions.Item label={t('runs.ended')}>{r.ended_at ? formatDate(r.ended_at) : ''}</Descriptions.Item>
          {r.job_id ? (
            <Descriptions.Item label={t('run.engineJob')}>
              <Link to={`/job/info/${r.cluster}/${r.job_id}`}>{r.job_id}</Link>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
        {r.error ? <Alert type="error" showIcon title={r.error} data-testid="run-error" /> : null}
      </Card>
      <Card size="small" title={t('run.steps')}>
        {graph ? <RunGraph run={r} graph={graph} /> : null}
        <RunSteps run={r} />
      </Card>
      <Card size="small" title={t('run.outputs')}>
        {files.length ? (
          <List
            size="small"
            dataSource={files}
            data-testid="run-outputs"
            renderItem={({ name, file }) => (
              <List.Item>
                <Space wrap>
                  <Typography.Text code>{name}</Typography.Text>
                  {file.home_path ? (
                    <Link to={fileManagerLink(file)} data-testid="run-output-link">
                      {file.home_path}
                    </Link>
                  ) : (
                    file.basename
                  )}
                </Space>
              </List.Item>
            )}
          />
        ) : (
          <Typography.Text type="secondary">{active ? t('run.noOutputsYet') : t('run.noOutputs')}</Typography.Text>
        )}
      </Card>
      <Card size="small" title={t('run.log')}>
        <pre style={{ maxHeight: 360, overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }} data-testid="run-log">
          {r.engine_log ?? ''}
        </pre>
      </Card>
    </Space>
  );
}
