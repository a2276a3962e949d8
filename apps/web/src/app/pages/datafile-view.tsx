import { useSearchParams } from 'react-router';
import { DatafileView } from '../../features/storage/components/datafile-view';
import { PublicPage } from '../public-page';

/** /datafile/view (public, spec §2): one file shared by a signed, expiring link. */
export default function DatafileViewPage() {
  const [params] = useSearchParams();
  return (
    <PublicPage testId="page-datafile">
      <DatafileView token={params.get('token') ?? ''} />
    </PublicPage>
  );
}
