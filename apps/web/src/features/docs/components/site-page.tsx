import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Skeleton, Typography } from 'antd';
import type { SitePageSlug } from '@starlight/contract/docs';
import { useSitePage } from '../api/get-docs';
import { DocHtml } from './doc-html';

/** /recruit and /test: a public document an admin edits in /docoline; if it is unreachable, a built-in text (never an empty page). */
export function SitePage({ slug }: { slug: SitePageSlug }) {
  const { t } = useTranslation(['docs', 'common']);
  const page = useSitePage(slug);
  return (
    <Card style={{ maxWidth: 760, width: '100%' }} data-testid={`site-page-${slug}`}>
      {page.isLoading ? (
        <Skeleton active />
      ) : page.data ? (
        <>
          <Typography.Title level={3}>{page.data.title}</Typography.Title>
          <DocHtml html={page.data.html} />
        </>
      ) : (
        <>
          <Typography.Title level={3}>{t(`site.${slug}.title`)}</Typography.Title>
          <Typography.Paragraph>{t(`site.${slug}.body`)}</Typography.Paragraph>
        </>
      )}
      <Link to="/">{t('common:actions.home')}</Link>
    </Card>
  );
}
