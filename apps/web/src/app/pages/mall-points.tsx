import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { MallPoints } from '../../features/mall/components/mall-points';
import { ShopAdmin } from '../../features/mall/components/shop-admin';

/** /user-center/mall-points-manage [binded_account] */
export default function MallPointsPage() {
  const { t } = useTranslation('mall');
  return (
    <div data-testid="mall-points-page">
      <PageHeader title={t('pages.points')} subtitle={t('pages.pointsSubtitle')} />
      <MallPoints />
    </div>
  );
}

/** /user-center/shop [online_goods_admin] */
export function ShopPage() {
  const { t } = useTranslation('mall');
  return (
    <div data-testid="shop-page">
      <PageHeader title={t('pages.shop')} subtitle={t('pages.shopSubtitle')} />
      <ShopAdmin />
    </div>
  );
}
