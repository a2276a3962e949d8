import { Button, ColorPicker, Drawer, Flex, Switch, Typography } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { themePresets, useSettingsStore, type Settings } from '../../lib/settings-store';
import { useAppState } from './app-state-store';

type Toggle = keyof Pick<Settings, 'tagsView' | 'fixedHeader' | 'sidebarLogo'>;

const toggles: { key: Toggle; testId: string; label: string }[] = [
  { key: 'tagsView', testId: 'setting-tags-view', label: 'settings.tagsView' },
  { key: 'fixedHeader', testId: 'setting-fixed-header', label: 'settings.fixedHeader' },
  { key: 'sidebarLogo', testId: 'setting-sidebar-logo', label: 'settings.sidebarLogo' },
];

/** Spec §2 right settings panel; every choice is persisted and survives a reload. */
export function SettingsPanel() {
  const { t } = useTranslation('layout');
  const open = useAppState((state) => state.settingsOpen);
  const setOpen = useAppState((state) => state.setSettingsOpen);
  const settings = useSettingsStore();

  return (
    <>
      {settings.showSettings ? (
        <Button
          type="primary"
          className="sl-settings-toggle"
          data-testid="settings-toggle"
          aria-label={t('settings.title')}
          icon={<SettingOutlined />}
          onClick={() => setOpen(!open)}
        />
      ) : null}
      <Drawer title={t('settings.title')} placement="right" size={300} open={open} onClose={() => setOpen(false)}>
        <Flex vertical gap={20} data-testid="settings-panel">
          <Flex justify="space-between" align="center">
            <Typography.Text>{t('settings.theme')}</Typography.Text>
            <ColorPicker
              data-testid="setting-theme"
              value={settings.theme}
              disabledAlpha
              presets={[{ label: t('settings.presets'), colors: themePresets }]}
              onChangeComplete={(color) => settings.change('theme', color.toHexString())}
            />
          </Flex>
          {toggles.map(({ key, testId, label }) => (
            <Flex key={key} justify="space-between" align="center">
              <Typography.Text>{t(label)}</Typography.Text>
              <Switch data-testid={testId} checked={settings[key]} onChange={(checked) => settings.change(key, checked)} />
            </Flex>
          ))}
          <Button data-testid="setting-reset" onClick={settings.reset}>
            {t('settings.reset')}
          </Button>
        </Flex>
      </Drawer>
    </>
  );
}
