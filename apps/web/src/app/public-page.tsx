import type { ReactNode } from 'react';
import { AntdProvider } from './antd-provider';

/** A page outside the shell that uses antd: its own theme and locale, centred on the screen. */
export function PublicPage({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <AntdProvider>
      <div className="sl-center-page" data-testid={testId}>
        {children}
      </div>
    </AntdProvider>
  );
}
