import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { onFeedbackHostRequested } from '../lib/feedback';
import { onSessionChange } from '../lib/session-store';
import { useSettingsStore } from '../lib/settings-store';
import { useVisitedViews } from './layout/tags-view/visited-views-store';

// Logout closes every tab (spec §4); the tags live in app/, the logout in lib/.
onSessionChange((event) => {
  if (event === 'cleared') useVisitedViews.getState().reset();
});

const FeedbackHost = lazy(() => import('./feedback-host').then((module) => ({ default: module.FeedbackHost })));

/**
 * What every page shares. antd's ConfigProvider is not here on purpose: it comes with the shell and
 * the other antd pages (AntdProvider), keeping the login page's first load small.
 */
export function Providers({ children }: { children: ReactNode }) {
  const theme = useSettingsStore((state) => state.theme);
  const [feedbackWanted, setFeedbackWanted] = useState(false);
  useEffect(() => onFeedbackHostRequested(() => setFeedbackWanted(true)), []);
  useEffect(() => {
    // Plain CSS (login page, tags, progress bar) follows the theme colour too.
    document.documentElement.style.setProperty('--sl-primary', theme);
  }, [theme]);

  return (
    <>
      {children}
      {feedbackWanted ? (
        <Suspense fallback={null}>
          <FeedbackHost />
        </Suspense>
      ) : null}
    </>
  );
}
