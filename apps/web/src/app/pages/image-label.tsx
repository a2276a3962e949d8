import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { ImageLabels } from '../../features/images/components/image-labels';

/** /image-center/image-label [manage_label]: labels on images (spec §7 /label/relation/image). */
export default function ImageLabelPage() {
  const { t } = useTranslation('images');
  return (
    <div data-testid="image-label">
      <PageHeader title={t('labels.title')} subtitle={t('labels.subtitle')} />
      <ImageLabels />
    </div>
  );
}
