import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { WorkflowView } from '../../features/designer/components/workflow-view';

/** /workflow?name=<app>: a public workflow, read only, no login (spec §2). */
export default function WorkflowPublicPage() {
  const { t } = useTranslation('designer');
  const [params] = useSearchParams();
  const name = params.get('name') ?? '';
  return (
    <div style={{ padding: 16 }} data-testid="workflow-public-page">
      <PageHeader title={t('public.title')} subtitle={name} />
      <WorkflowView name={name} />
    </div>
  );
}
