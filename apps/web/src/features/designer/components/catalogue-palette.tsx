import { useState } from 'react';
import { Button, Card, Empty, Input, List, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CatalogueApp } from '../api/designer-source';

/** Catalogue apps to drag onto the canvas (or add with the button: touch screens have no drag). */
export function CataloguePalette({ apps, loading, onAdd }: { apps: CatalogueApp[]; loading: boolean; onAdd: (name: string) => void }) {
  const { t } = useTranslation('designer');
  const [filter, setFilter] = useState('');
  const shown = apps.filter((a) => `${a.name} ${a.title}`.toLowerCase().includes(filter.toLowerCase()));
  return (
    <Card size="small" title={t('catalogue.title')} data-testid="designer-catalogue">
      <Input.Search size="small" allowClear placeholder={t('catalogue.search')} value={filter} onChange={(e) => setFilter(e.target.value)} style={{ marginBottom: 8 }} />
      <List
        size="small"
        loading={loading}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('catalogue.empty')} /> }}
        dataSource={shown}
        style={{ maxHeight: 320, overflow: 'auto' }}
        renderItem={(app) => (
          <List.Item
            draggable
            onDragStart={(e) => {
              e.dataTransfer.setData('application/x-starlight-app', app.name);
              e.dataTransfer.effectAllowed = 'copy';
            }}
            style={{ cursor: 'grab' }}
            data-testid={`designer-app-${app.name}`}
            actions={[<Button key="add" size="small" icon={<PlusOutlined />} aria-label={t('catalogue.add', { name: app.name })} onClick={() => onAdd(app.name)} data-testid={`designer-add-${app.name}`} />]}
          >
            <List.Item.Meta title={app.title || app.name} description={<Tag>{app.class}</Tag>} />
          </List.Item>
        )}
      />
    </Card>
  );
}
