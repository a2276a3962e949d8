import { useState } from 'react';
import { Button, Empty, Flex, Modal, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { App } from '@starlight/contract/apps';
import { feedback } from '../../../lib/feedback';
import { useAppLabelMutation, useAppLabelRelations, useLabelChoices } from '../api/app-admin-api';

/** Spec §7 label relations for one app (manage_label): its labels, each removable, and a label picked to add. */
export function AppLabelsModal({ app, onClose }: { app: App | null; onClose: () => void }) {
  const { t } = useTranslation('apps');
  const { message } = feedback();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<number | undefined>();
  const relations = useAppLabelRelations(app?.id);
  const choices = useLabelChoices(search);
  const change = useAppLabelMutation();
  if (!app) return null;
  const current = relations.data?.list ?? [];
  const onError = (e: Error) => void message.error(e.message);
  return (
    <Modal open title={t('manage.labelsTitle', { app: app.name })} onCancel={onClose} footer={null} destroyOnHidden>
      <Flex vertical gap={12} data-testid="app-labels">
        <Flex wrap gap={6} data-testid="app-labels-current">
          {current.length === 0 && !relations.isLoading ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('manage.noLabels')} /> : null}
          {current.map((r) => (
            <Tag
              key={r.label_id}
              color="blue"
              closable
              data-testid={`app-label-${r.label_name}`}
              onClose={(e) => {
                e.preventDefault();
                change.mutate({ remove: true, app_id: app.id, label_id: r.label_id }, { onSuccess: () => void relations.refetch(), onError });
              }}
            >
              {`${r.label_type_name}: ${r.label_name}`}
            </Tag>
          ))}
        </Flex>
        <Space.Compact style={{ width: '100%' }}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setSearch}
            value={picked}
            onChange={setPicked}
            placeholder={t('manage.pickLabel')}
            style={{ width: '100%' }}
            loading={choices.isLoading}
            data-testid="app-labels-pick"
            options={(choices.data ?? []).filter((l) => !current.some((r) => r.label_id === l.id)).map((l) => ({ value: l.id, label: l.name }))}
          />
          <Button
            type="primary"
            disabled={picked === undefined}
            loading={change.isPending}
            data-testid="app-labels-add"
            onClick={() =>
              picked !== undefined &&
              change.mutate(
                { app_id: app.id, label_id: picked },
                {
                  onSuccess: () => {
                    setPicked(undefined);
                    void relations.refetch();
                  },
                  onError,
                },
              )
            }
          >
            {t('manage.addLabel')}
          </Button>
        </Space.Compact>
      </Flex>
    </Modal>
  );
}
