import { SitePage } from '../../features/docs/components/site-page';
import { PublicPage } from '../public-page';

/** /recruit and /test: public content pages managed as documents (slug recruit / test). */
export const RecruitPage = () => (
  <PublicPage>
    <SitePage slug="recruit" />
  </PublicPage>
);
export const TestPage = () => (
  <PublicPage>
    <SitePage slug="test" />
  </PublicPage>
);
