import { QueryClientProvider } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { DatafileView } from '../../features/storage/components/datafile-view';
import { queryClient } from '../../lib/query-client';
import { PublicPage } from '../public-page';

/** /datafile/view (public, spec §2): one file shared by a signed, expiring link. */
export default function DatafileViewPage() {
  const [params] = useSearchParams();
  // Outside the shell, which otherwise provides the query client.
  return (
    <QueryClientProvider client={queryClient}>
      <PublicPage testId="page-datafile">
        <DatafileView token={params.get('token') ?? ''} />
      </PublicPage>
    </QueryClientProvider>
  );
}
