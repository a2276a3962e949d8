import { useEffect } from 'react';
import { Layout } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { requestFeedbackHost } from '../../lib/feedback';
import { queryClient } from '../../lib/query-client';
import { AntdProvider } from '../antd-provider';
import { useSettingsStore } from '../../lib/settings-store';
import { AppMain } from './app-main';
import { useAppState } from './app-state-store';
import { Navbar } from './navbar';
import { SettingsPanel } from './settings-panel';
import { Sidebar } from './sidebar';
import { TagsView } from './tags-view/tags-view';
import { useResponsive } from './use-responsive';
import { useTrackVisitedView } from './use-track-visited-view';
import './shell.css';

/** The console shell (spec §2), lazy-loaded so the login page carries none of it. */
export function ShellLayout() {
  useResponsive();
  useTrackVisitedView();
  // Inside the console, dialogs and toasts should appear without waiting for a chunk.
  useEffect(requestFeedbackHost, []);

  // TanStack Query and antd's ConfigProvider come with the shell: the login page loads neither.
  return (
    <QueryClientProvider client={queryClient}>
      <AntdProvider>
        <ShellFrame />
      </AntdProvider>
    </QueryClientProvider>
  );
}

function ShellFrame() {
  const tagsView = useSettingsStore((state) => state.tagsView);
  const fixedHeader = useSettingsStore((state) => state.fixedHeader);
  const device = useAppState((state) => state.device);
  const opened = useAppState((state) => state.sidebarOpened);
  return (
    <Layout className="sl-shell" data-testid="shell" data-device={device} data-sidebar-opened={String(opened)}>
      <Sidebar />
      <Layout className="sl-shell-body">
        <header className={`sl-header${fixedHeader ? ' sl-header-fixed' : ''}`} data-testid="shell-header" data-fixed={String(fixedHeader)}>
          <Navbar />
          {tagsView ? <TagsView /> : null}
        </header>
        <Layout.Content className="sl-content">
          <AppMain />
        </Layout.Content>
      </Layout>
      <SettingsPanel />
    </Layout>
  );
}
