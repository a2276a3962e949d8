import { useEffect } from 'react';
import { App } from 'antd';
import { bindFeedback } from '../lib/feedback';
import { AntdProvider } from './antd-provider';

function FeedbackBinder() {
  const api = App.useApp();
  useEffect(() => {
    bindFeedback(api);
    return () => bindFeedback(null);
  }, [api]);
  return null;
}

/** antd's context-aware message, notification and modal, handed to non-React code (lazy chunk). */
export function FeedbackHost() {
  return (
    <AntdProvider>
      <App component={false}>
        <FeedbackBinder />
      </App>
    </AntdProvider>
  );
}
