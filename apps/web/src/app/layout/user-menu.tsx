import { Avatar, Dropdown, Flex, Typography } from 'antd';
import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSelf } from '../../features/auth/api/get-self';
import { useSignOut } from '../session/use-sign-out';
import { useAppState } from './app-state-store';

/** Spec §3: an avatar is used as given; without one, the default picture. */
function avatarSource(avatar: string | null | undefined): string | undefined {
  return avatar && avatar.trim() !== '' ? avatar : undefined;
}

export function UserMenu() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const { data: user } = useSelf();
  const { signOut } = useSignOut();
  const openSettings = useAppState((state) => state.setSettingsOpen);
  const name = user?.real_name || user?.user_name || '';

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined />, label: <span data-testid="user-menu-profile">{t('userMenu.profile')}</span> },
          { key: 'settings', icon: <SettingOutlined />, label: <span data-testid="user-menu-settings">{t('userMenu.settings')}</span> },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="user-menu-logout">{t('userMenu.logout')}</span> },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') void navigate('/profile/index');
          if (key === 'settings') openSettings(true);
          if (key === 'logout') void signOut();
        },
      }}
    >
      <Flex align="center" gap={8} className="sl-user-menu" data-testid="user-menu" role="button" tabIndex={0} aria-label={t('userMenu.label')}>
        <Avatar size="small" src={avatarSource(user?.avatar)} icon={<UserOutlined />} />
        {name ? (
          <Typography.Text className="sl-user-name" ellipsis>
            {name}
          </Typography.Text>
        ) : null}
      </Flex>
    </Dropdown>
  );
}
