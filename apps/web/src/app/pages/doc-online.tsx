import { useSearchParams } from 'react-router';
import { DocOnline } from '../../features/docs/components/doc-online';

/** /doconline?id=…: one document (the link apps and error messages point at). */
export default function DocOnlinePage() {
  const [params] = useSearchParams();
  return <DocOnline id={Number(params.get('id') ?? '')} />;
}
