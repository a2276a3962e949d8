import { Navigate, useLocation, useParams } from 'react-router';

/** /redirect/<path>: replaces itself with /<path> (keeping the query), e.g. to reload a view. */
export default function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${rest}${search}`} replace />;
}
