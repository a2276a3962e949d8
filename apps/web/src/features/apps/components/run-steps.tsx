import type { ReactNode } from 'react';
import { Collapse, Flex, List, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RunDetail, StepState } from '@starlight/contract/apps';
import { useApp } from '../api/apps-api';
import { RunStateTag } from './run-state-tag';

/** Draws a workflow with each step's state: the designer's read-only canvas, handed in by the page (app/). */
export type StepGraph = (props: { cwl: string; stepStates: Record<string, { state: StepState; label: string }> }) => ReactNode;

/** A workflow run's graph with each step's live state on its node. */
export function RunGraph({ run, graph }: { run: RunDetail; graph: StepGraph }) {
  const { t } = useTranslation('apps');
  const app = useApp(run.app, run.version);
  const cwl = app.data?.version.class === 'Workflow' ? app.data.version.cwl : undefined;
  if (!cwl) return null;
  const states = Object.fromEntries(run.steps.map((s) => [s.name, { state: s.state, label: t(`state.${s.state}`, { defaultValue: s.state }) }]));
  return graph({ cwl, stepStates: states });
}

/** Each step: state, its scheduler jobs (links to /job/info) and its own log (stdout/stderr of its jobs). */
export function RunSteps({ run }: { run: RunDetail }) {
  const { t } = useTranslation('apps');
  return (
    <List
      size="small"
      dataSource={run.steps}
      data-testid="run-steps"
      renderItem={(step) => (
        <List.Item data-testid={`run-step-${step.name}`}>
          <Flex vertical gap={4} style={{ width: '100%', minWidth: 0 }}>
            <Flex wrap gap={8} align="center">
              <Typography.Text strong style={{ minWidth: 120 }}>
                {step.name}
              </Typography.Text>
              <RunStateTag state={step.state} />
              <Space wrap size={4}>
                {step.job_ids.map((id) => (
                  <Link key={id} to={`/job/info/${run.cluster}/${id}`}>
                    {t('run.job', { id })}
                  </Link>
                ))}
              </Space>
            </Flex>
            {step.log ? (
              <Collapse
                size="small"
                items={[
                  {
                    key: 'log',
                    label: t('run.stepLog'),
                    children: (
                      <pre style={{ maxHeight: 300, overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }} data-testid="run-step-log">
                        {step.log}
                      </pre>
                    ),
                  },
                ]}
              />
            ) : null}
          </Flex>
        </List.Item>
      )}
    />
  );
}
