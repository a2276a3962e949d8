import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Drawer, Layout, Menu, type MenuProps } from 'antd';
import { StarFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../lib/permissions';
import { useProductName } from '../../lib/product-name';
import { useSettingsStore } from '../../lib/settings-store';
import { shellRoutes, thirdRoutes } from '../routes';
import { sidebarCollapsedWidth, sidebarWidth, useAppState } from './app-state-store';
import { routeIcons } from './route-icons';
import { buildSidebar, openKeysFor, type SidebarEntry } from './sidebar-entries';

type MenuItem = Required<MenuProps>['items'][number];

function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const productName = useProductName();
  return (
    <div className="sl-sidebar-logo" data-testid="sidebar-logo">
      <StarFilled className="sl-sidebar-logo-icon" />
      {collapsed ? null : <span className="sl-sidebar-logo-title">{productName}</span>}
    </div>
  );
}

function SidebarMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('routes');
  const held = usePermissions();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Third-party routes are read when the permissions arrive (after login), like the rest of the table.
  const entries = useMemo(() => buildSidebar([...shellRoutes, ...thirdRoutes()], held), [held]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(entries, pathname));
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    // Opening a page inside a closed group opens the group (state derived during render).
    setSeenPath(pathname);
    const needed = openKeysFor(entries, pathname).filter((key) => !openKeys.includes(key));
    if (needed.length > 0) setOpenKeys([...openKeys, ...needed]);
  }

  const toItem = (entry: SidebarEntry): MenuItem => {
    const title = entry.title ? t(entry.title) : entry.key;
    const label = entry.link ? (
      <a href={entry.link} target="_blank" rel="noopener noreferrer" data-testid="sidebar-link" data-path={entry.key}>
        {title}
      </a>
    ) : (
      <span data-testid="sidebar-link" data-path={entry.key}>
        {title}
      </span>
    );
    const icon = entry.icon ? routeIcons[entry.icon] : undefined;
    return entry.children ? { key: entry.key, icon, label, children: entry.children.map(toItem) } : { key: entry.key, icon, label };
  };
  const linkOf = (key: string, list: readonly SidebarEntry[] = entries): string | undefined => {
    for (const entry of list) {
      if (entry.key === key) return entry.link;
      const inner = entry.children ? linkOf(key, entry.children) : undefined;
      if (inner) return inner;
    }
    return undefined;
  };

  return (
    <Menu
      mode="inline"
      theme="dark"
      inlineCollapsed={collapsed}
      items={entries.map(toItem)}
      selectedKeys={[pathname]}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => {
        if (linkOf(key)) return; // the anchor opens the external page itself
        navigate(key);
        onNavigate?.();
      }}
    />
  );
}

/** Spec §2 sidebar: 210 px, collapsible; a drawer on mobile. */
export function Sidebar() {
  const opened = useAppState((state) => state.sidebarOpened);
  const device = useAppState((state) => state.device);
  const closeSidebar = useAppState((state) => state.closeSidebar);
  const showLogo = useSettingsStore((state) => state.sidebarLogo);

  if (device === 'mobile') {
    return (
      <Drawer
        placement="left"
        open={opened}
        onClose={closeSidebar}
        size={sidebarWidth}
        closable={false}
        styles={{ body: { padding: 0, background: '#001529' } }}
        rootClassName="sl-sidebar-drawer"
      >
        <nav data-testid="sidebar" data-collapsed="false" data-device="mobile" className="sl-sidebar">
          {showLogo ? <SidebarLogo collapsed={false} /> : null}
          <SidebarMenu collapsed={false} onNavigate={closeSidebar} />
        </nav>
      </Drawer>
    );
  }
  return (
    <Layout.Sider
      width={sidebarWidth}
      collapsedWidth={sidebarCollapsedWidth}
      collapsed={!opened}
      trigger={null}
      className="sl-sider"
    >
      <nav data-testid="sidebar" data-collapsed={String(!opened)} data-device="desktop" className="sl-sidebar">
        {showLogo ? <SidebarLogo collapsed={!opened} /> : null}
        <SidebarMenu collapsed={!opened} />
      </nav>
    </Layout.Sider>
  );
}
