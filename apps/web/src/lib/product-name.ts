import { useTranslation } from 'react-i18next';

/** The product's name in the reader's language (Starlight; 星光 in Chinese), from the eager `common` texts. */
export function useProductName(): string {
  return useTranslation('common').t('product');
}
