import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { useSelf } from '../../features/auth/api/get-self';
import { GroupCpuHoursPanel } from '../../features/fees/components/group-board';

/** /user-center/grpman-cpuhours [user_order_create_gadmin]: the administrator's own group. */
export default function GroupCpuHoursPage() {
  const { t } = useTranslation('fees');
  const self = useSelf();
  return (
    <div data-testid="grpman-cpuhours-page">
      <PageHeader title={t('pages.groupCpuHours')} subtitle={t('pages.groupCpuHoursSubtitle')} />
      <GroupCpuHoursPanel groupId={self.data?.group_id ?? undefined} />
    </div>
  );
}
