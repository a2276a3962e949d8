import { useEffect } from 'react';
import { Button, Card, Form, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { pointsRuleEvents, type PointsRule } from '@starlight/contract/mall';
import { useRules, useSetRule } from '../api/mall-api';

type Values = Record<PointsRule['event'], number | null>;

/** Points a user earns once per event (registration, completed verification), paid into the append-only ledger. */
export function PointsRules() {
  const { t } = useTranslation('mall');
  const rules = useRules();
  const set = useSetRule();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (rules.data) form.setFieldsValue(Object.fromEntries(pointsRuleEvents.map((e) => [e, rules.data.find((r) => r.event === e)?.points ?? 0])) as Values);
  }, [rules.data, form]);
  const save = (v: Values) => Promise.all(pointsRuleEvents.map((event) => set.mutateAsync({ event, points: v[event] ?? 0 }))).catch(() => undefined);
  return (
    <Card title={t('rules.title')} data-testid="points-rules">
      <Typography.Paragraph type="secondary">{t('rules.hint')}</Typography.Paragraph>
      <Form form={form} layout="inline" style={{ rowGap: 8 }} onFinish={save}>
        {pointsRuleEvents.map((event) => (
          <Form.Item key={event} name={event} label={t(`rules.${event}`)} rules={[{ required: true }]}>
            <InputNumber min={0} max={1_000_000} precision={0} data-testid={`rule-${event}`} />
          </Form.Item>
        ))}
        <Space><Button type="primary" htmlType="submit" loading={set.isPending} data-testid="rules-save">{t('rules.save')}</Button></Space>
      </Form>
    </Card>
  );
}
