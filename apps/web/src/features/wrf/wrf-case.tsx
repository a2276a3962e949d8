import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Flex, Input, InputNumber, Select, Spin, Tabs, Typography } from 'antd';
import { isApiError } from '../../lib/api-error';
import { caseErrors, namelists, type WrfCase } from './namelist';
import { useLaunchWrf, usePartitions, useWrfStatus } from './wrf-api';

const numberField = ['lat', 'lon', 'dxKm', 'eWe', 'eSn', 'intervalHours'] as const;

/**
 * /storage/wrf: a WRF case form generating the namelists, the chosen cluster's WRF status (asked of the
 * server, never assumed), and a launch of the application center's `wrf` app with those namelists.
 */
export function WrfCaseForm() {
  const { t } = useTranslation('wrf');
  const navigate = useNavigate();
  const [c, setC] = useState<WrfCase>({ start: '2026-07-01 00', end: '2026-07-02 00', lat: 31.2, lon: 121.5, dxKm: 12, eWe: 100, eSn: 100, intervalHours: 6 });
  const [target, setTarget] = useState<{ cluster?: string; partition?: string }>({});
  const [caseName, setCaseName] = useState('case-1');
  const [metEm, setMetEm] = useState('wps/met_em');
  const [refusal, setRefusal] = useState<string | null>(null);
  const errors = caseErrors(c);
  const output = useMemo(() => namelists(c), [c]);
  const partitions = usePartitions();
  const status = useWrfStatus(target.cluster);
  const launch = useLaunchWrf();

  useEffect(() => {
    if (target.cluster || !partitions.data?.length) return;
    const first = partitions.data.find((p) => p.is_default) ?? partitions.data[0]!;
    setTarget({ cluster: first.cluster_name, partition: first.name });
  }, [partitions.data, target.cluster]);

  const clusters = [...new Set((partitions.data ?? []).map((p) => p.cluster_name))];
  const installed = status.data?.installed === true;
  const onLaunch = async () => {
    setRefusal(null);
    try {
      const run = await launch.mutateAsync({
        ...(target.cluster ? { cluster: target.cluster } : {}),
        partition: target.partition ?? '',
        case_name: caseName,
        namelist_input: output.input,
        namelist_wps: output.wps,
        met_em_path: metEm,
      });
      void navigate(`/swl/run/${run.app}/${run.uuid}`);
    } catch (error) {
      if (isApiError(error)) setRefusal(error.info);
    }
  };

  return (
    <Flex vertical gap={16} data-testid="wrf-case">
      {status.isPending ? (
        <Spin data-testid="wrf-status-loading" />
      ) : status.data && !installed ? (
        <Alert type="warning" showIcon data-testid="wrf-missing" message={t('missing.title', { cluster: status.data.cluster })} description={<span data-testid="wrf-missing-detail">{status.data.app ? t('missing.body', { missing: status.data.missing.join(', ') }) : t('missing.noApp')}</span>} />
      ) : status.data ? (
        <Alert type="success" showIcon data-testid="wrf-installed" message={t('installed', { cluster: status.data.cluster })} />
      ) : null}
      <Card size="small" title={t('case')}>
        <Flex gap={12} wrap>
          {(['start', 'end'] as const).map((k) => (
            <label key={k} style={{ flex: '1 1 160px' }}>
              {t(`fields.${k}`)}
              <Input value={c[k]} status={errors[k] ? 'error' : undefined} onChange={(e) => setC({ ...c, [k]: e.target.value })} placeholder="YYYY-MM-DD HH" data-testid={`wrf-${k}`} />
              {errors[k] ? <Typography.Text type="danger">{t(`errors.${errors[k]}`)}</Typography.Text> : null}
            </label>
          ))}
          {numberField.map((k) => (
            <label key={k} style={{ flex: '1 1 120px' }}>
              {t(`fields.${k}`)}
              <InputNumber style={{ width: '100%' }} value={c[k]} status={errors[k] ? 'error' : undefined} onChange={(v) => setC({ ...c, [k]: Number(v ?? 0) })} />
            </label>
          ))}
        </Flex>
      </Card>
      <Tabs
        items={[
          { key: 'wps', label: 'namelist.wps', children: <pre data-testid="namelist-wps" style={{ overflowX: 'auto' }}>{output.wps}</pre> },
          { key: 'input', label: 'namelist.input', children: <pre data-testid="namelist-input" style={{ overflowX: 'auto' }}>{output.input}</pre> },
        ]}
      />
      <Card size="small" title={t('launch.title')}>
        <Flex gap={12} wrap align="end">
          <label style={{ flex: '1 1 140px' }}>
            {t('launch.cluster')}
            <Select
              style={{ width: '100%' }}
              value={target.cluster}
              options={clusters.map((name) => ({ value: name, label: name }))}
              onChange={(cluster: string) => setTarget({ cluster, partition: partitions.data?.find((p) => p.cluster_name === cluster)?.name })}
              data-testid="wrf-cluster"
            />
          </label>
          <label style={{ flex: '1 1 140px' }}>
            {t('launch.partition')}
            <Select
              style={{ width: '100%' }}
              value={target.partition}
              options={(partitions.data ?? []).filter((p) => p.cluster_name === target.cluster).map((p) => ({ value: p.name, label: p.name }))}
              onChange={(partition: string) => setTarget({ ...target, partition })}
            />
          </label>
          <label style={{ flex: '1 1 160px' }}>
            {t('launch.caseName')}
            <Input value={caseName} onChange={(e) => setCaseName(e.target.value)} data-testid="wrf-case-name" />
          </label>
          <label style={{ flex: '2 1 220px' }}>
            {t('launch.metEm')}
            <Input value={metEm} onChange={(e) => setMetEm(e.target.value)} data-testid="wrf-met-em" />
          </label>
          <Button type="primary" disabled={!installed || Object.keys(errors).length > 0 || !target.partition} loading={launch.isPending} onClick={() => void onLaunch()} data-testid="wrf-launch">
            {t('launch.button')}
          </Button>
        </Flex>
        {!installed && status.data ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }} data-testid="wrf-launch-refused">
            {status.data.message}
          </Typography.Paragraph>
        ) : null}
        {refusal ? <Alert style={{ marginTop: 8 }} type="error" showIcon message={refusal} data-testid="wrf-launch-error" /> : null}
      </Card>
    </Flex>
  );
}
