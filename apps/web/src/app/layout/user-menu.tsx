import { useState } from 'react';
import { Avatar, Dropdown, Flex, Typography, type MenuProps } from 'antd';
import { LogoutOutlined, RollbackOutlined, SettingOutlined, SwapOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSelf } from '../../features/auth/api/get-self';
import { useSignOut } from '../session/use-sign-out';
import { avatarUrl } from '../../lib/avatar';
import { KeyOutlined, ProfileOutlined } from '@ant-design/icons';
import { useAppState } from './app-state-store';
import { SwitchUserDialog } from '../../features/admin/components/switch-user-dialog';
import { useHasAnyPermission } from '../../lib/permissions';
import { readToken } from '../../lib/token-storage';
import { readAuthorisedAccounts, readBaseToken, switchBack, switchToStoredAccount, switchToUser } from '../session/account-switch';

/** Spec §3: an {address} avatar is ours (lib/avatar), any other is used as given; without one, the default picture. */
const avatarSource = avatarUrl;

export function UserMenu() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const { data: user } = useSelf();
  const { signOut } = useSignOut();
  const openSettings = useAppState((state) => state.setSettingsOpen);
  const name = user?.real_name || user?.user_name || '';
  const { t: ta } = useTranslation('admin');
  const [switchOpen, setSwitchOpen] = useState(false);
  const canSwitch = useHasAnyPermission(['change_user']);
  const { t: tp } = useTranslation('profile');
  const canSeeLoginRecords = useHasAnyPermission(['query_all_user']);
  const switched = readBaseToken() !== null;
  // spec §4: the authorised accounts are listed when there is more than one; the current one is disabled
  const accounts = readAuthorisedAccounts();
  const currentToken = readToken();
  const switchItems: MenuProps['items'] = [
    ...(canSwitch && !switched ? [{ key: 'switch', icon: <SwapOutlined />, label: <span data-testid="user-menu-switch">{ta('switch.menu')}</span> }] : []),
    ...(switched ? [{ key: 'switch-back', icon: <RollbackOutlined />, label: <span data-testid="user-menu-switch-back">{ta('switch.back')}</span> }] : []),
    ...(accounts.length > 1
      ? [
          {
            key: 'accounts',
            icon: <TeamOutlined />,
            label: ta('switch.accounts'),
            children: accounts.map((account, index) => ({
              key: `account-${index}`,
              label: <span data-testid="authorised-account">{account.user_name}</span>,
              disabled: account.token === currentToken,
            })),
          },
        ]
      : []),
  ];

  return (
    <>
      <SwitchUserDialog open={switchOpen} onClose={() => setSwitchOpen(false)} onSwitch={(userName) => switchToUser(userName, user?.user_name ?? '')} />
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'profile', icon: <UserOutlined />, label: <span data-testid="user-menu-profile">{t('userMenu.profile')}</span> },
            { key: 'password', icon: <KeyOutlined />, label: <span data-testid="user-menu-password">{tp('menu.password')}</span> },
            ...(canSeeLoginRecords ? [{ key: 'login-records', icon: <ProfileOutlined />, label: <span data-testid="user-menu-login-records">{tp('menu.loginRecords')}</span> }] : []),
            { key: 'settings', icon: <SettingOutlined />, label: <span data-testid="user-menu-settings">{t('userMenu.settings')}</span> },
            ...switchItems,
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="user-menu-logout">{t('userMenu.logout')}</span> },
          ],
          onClick: ({ key }) => {
            if (key === 'profile') void navigate('/profile/index');
            if (key === 'password') void navigate('/user-center/reset/password');
            if (key === 'login-records') void navigate('/user-center/login-record');
            if (key === 'settings') openSettings(true);
            if (key === 'logout') void signOut();
            if (key === 'switch') setSwitchOpen(true);
            if (key === 'switch-back') void switchBack();
            const account = key.startsWith('account-') ? accounts[Number(key.slice('account-'.length))] : undefined;
            if (account) switchToStoredAccount(account);
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
    </>
  );
}
