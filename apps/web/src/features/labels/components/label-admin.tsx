import { useState } from 'react';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { LabelTypesTable } from './label-types-table';
import { LabelsTable } from './labels-table';

/** /label/label-admin: labels and their types (spec §7 Labels); a type's count opens its labels. */
export function LabelAdmin() {
  const { t } = useTranslation('labels');
  const [tab, setTab] = useState<'labels' | 'types'>('labels');
  const [typeId, setTypeId] = useState<number | undefined>(undefined);
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as 'labels' | 'types')}
        items={[
          { key: 'labels', label: t('labels.tab'), children: <LabelsTable typeId={typeId} onTypeChange={setTypeId} /> },
          {
            key: 'types',
            label: t('types.tab'),
            children: (
              <LabelTypesTable
                onOpenLabels={(type) => {
                  setTypeId(type.id);
                  setTab('labels');
                }}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
