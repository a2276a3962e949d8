import { useState } from 'react';
import { InputNumber, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MemberUsage } from '@starlight/contract/fees';
import { useSetMemberLimit } from '../api/get-member-usage';

/** A group administrator gives a member CPU-hours (entered in core-hours, sent as core-seconds). */
export function MemberLimitModal({ member, onClose }: { member: MemberUsage; onClose: () => void }) {
  const { t } = useTranslation('fees');
  const save = useSetMemberLimit();
  const [hours, setHours] = useState<number | null>(member.allocation?.cpu_seconds_limit != null ? member.allocation.cpu_seconds_limit / 3600 : null);
  return (
    <Modal
      open
      title={t('group.setLimitFor', { name: member.user_name })}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => save.mutate({ userId: member.user_id, input: { cpu_seconds_limit: hours === null ? null : Math.round(hours * 3600) } }, { onSuccess: onClose })}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('group.limitHelp')}</Typography.Text>
        <InputNumber min={0} step={1} value={hours} onChange={(v) => setHours(v)} style={{ width: '100%' }} suffix={t('unit.coreHours')} data-testid="member-limit-input" aria-label={t('group.limit')} />
      </Space>
    </Modal>
  );
}
