import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { Guide } from '../../features/docs/components/guide';

/** /guide/user [query_book_stack]: the user guide. */
export default function GuideUserPage() {
  const { t } = useTranslation('docs');
  return (
    <div>
      <PageHeader title={t('guide.heading')} subtitle={t('guide.subtitle')} />
      <Guide />
    </div>
  );
}
