import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Unavailable } from '../../components/unavailable';
import { PublicPage } from '../public-page';
import { useRouteHandle } from '../route-context';

/** Every page of an area built later: the honest placeholder, inside the shell or on its own. */
export default function UnavailablePage() {
  const { t } = useTranslation(['routes', 'common']);
  const handle = useRouteHandle();
  const title = handle?.route.meta.title;
  const area = title ? t(`routes:${title}`) : undefined;
  if (handle && !handle.public) return <Unavailable area={area} />;
  return (
    <PublicPage>
      <Unavailable area={area} extra={<Link to="/">{t('common:actions.home')}</Link>} />
    </PublicPage>
  );
}
