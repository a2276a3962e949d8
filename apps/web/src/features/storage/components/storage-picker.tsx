import { Select, Tooltip } from 'antd';
import { DatabaseOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StorageSpecItem } from '@starlight/contract/cluster-storage';
import { useStorageSpec } from '../api/get-storage-spec';
import { targetKey, useStorageTarget } from '../storage-target';

const keyOf = (s: StorageSpecItem) => (s.default ? 'default' : `${s.cluster_name}/${s.StorageName}`);

/** Which storage the file manager shows; rendered only when more than one is offered. Locked while uploads run. */
export function StoragePicker({ locked, onChange }: { locked: boolean; onChange: () => void }) {
  const { t } = useTranslation('storage');
  const queryClient = useQueryClient();
  const spec = useStorageSpec();
  const target = useStorageTarget((s) => s.target);
  const choose = useStorageTarget((s) => s.choose);
  const storages = spec.data?.list ?? [];
  if (storages.length < 2) return null;

  const select = (key: string) => {
    const item = storages.find((s) => keyOf(s) === key);
    if (!item) return;
    choose(item.default ? null : { cluster: item.cluster_name, storage: item.StorageName });
    // listings and the home belong to one storage: drop them, never show one storage's under another
    queryClient.removeQueries({ queryKey: ['storage'] });
    onChange();
  };

  return (
    <Tooltip title={locked ? t('picker.locked') : undefined}>
      <Select
        data-testid="storage-picker"
        aria-label={t('picker.label')}
        value={targetKey(target)}
        disabled={locked}
        onChange={select}
        style={{ minWidth: 180, maxWidth: '100%' }}
        suffixIcon={<DatabaseOutlined />}
        options={storages.map((s) => ({
          value: keyOf(s),
          label: t('picker.option', { storage: s.StorageName, cluster: s.cluster_name }),
          title: s.description,
        }))}
      />
    </Tooltip>
  );
}
