import { Button, Flex } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MessageBell } from '../../features/messages/components/message-bell';
import { useAppState } from './app-state-store';
import { AppBreadcrumb } from './breadcrumb';
import { FullscreenToggle } from './fullscreen-toggle';
import { LanguageSwitcher } from './language-switcher';
import { UserMenu } from './user-menu';

/** Spec §2 top bar: hamburger, breadcrumb, unread bell, fullscreen, language, avatar menu. */
export function Navbar() {
  const { t } = useTranslation('layout');
  const opened = useAppState((state) => state.sidebarOpened);
  const device = useAppState((state) => state.device);
  const toggleSidebar = useAppState((state) => state.toggleSidebar);
  return (
    <Flex className="sl-navbar" align="center" justify="space-between" gap={8}>
      <Flex align="center" gap={8} className="sl-navbar-left">
        <Button
          type="text"
          data-testid="hamburger"
          aria-label={t('navbar.toggleSidebar')}
          aria-expanded={opened}
          icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          onClick={toggleSidebar}
        />
        {device === 'mobile' ? null : <AppBreadcrumb />}
      </Flex>
      <Flex align="center" gap={4} className="sl-navbar-right">
        <MessageBell />
        {device === 'mobile' ? null : <FullscreenToggle />}
        <LanguageSwitcher />
        <UserMenu />
      </Flex>
    </Flex>
  );
}
