import { lazy } from 'react';
import type { AppRoute } from './route-types';

/**
 * The page of an area not built yet (<Unavailable>). The sidebar leaves out every route whose page
 * is this one, so replacing it with a real page in the route table is all it takes to list it.
 */
export const laterPage = lazy(() => import('./pages/unavailable'));

export const isLaterRoute = (route: AppRoute): boolean => route.page === laterPage;
