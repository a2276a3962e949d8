import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Card, Flex, Input, InputNumber, Tabs, Typography } from 'antd';
import { caseErrors, namelists, type WrfCase } from './namelist';

const numberField = ['lat', 'lon', 'dxKm', 'eWe', 'eSn', 'intervalHours'] as const;

/** /storage/wrf: a WRF case form generating the namelists; launching needs the application center's WRF app. */
export function WrfCaseForm() {
  const { t } = useTranslation('wrf');
  const [c, setC] = useState<WrfCase>({ start: '2026-07-01 00', end: '2026-07-02 00', lat: 31.2, lon: 121.5, dxKm: 12, eWe: 100, eSn: 100, intervalHours: 6 });
  const errors = caseErrors(c);
  const output = useMemo(() => namelists(c), [c]);
  return (
    <Flex vertical gap={16} data-testid="wrf-case">
      <Alert type="warning" showIcon data-testid="wrf-missing" message={t('missing.title')} description={t('missing.body')} />
      <Card size="small" title={t('case')}>
        <Flex gap={12} wrap>
          {(['start', 'end'] as const).map((k) => (
            <label key={k} style={{ flex: '1 1 160px' }}>
              {t(`fields.${k}`)}
              <Input value={c[k]} status={errors[k] ? 'error' : undefined} onChange={(e) => setC({ ...c, [k]: e.target.value })} placeholder="YYYY-MM-DD HH" />
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
    </Flex>
  );
}
