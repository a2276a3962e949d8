import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, languageNames, languages } from '../../lib/i18n';

/** en, zh, es, ja; the choice is saved (spec §1). */
export function LanguageSwitcher() {
  const { t } = useTranslation('layout');
  const active = currentLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [active],
        items: languages.map((lng) => ({
          key: lng,
          label: (
            <span data-testid={`language-${lng}`} lang={lng}>
              {languageNames[lng]}
            </span>
          ),
        })),
        onClick: ({ key }) => void changeLanguage(key as (typeof languages)[number]),
      }}
    >
      <Button type="text" aria-label={t('navbar.language')} data-testid="language-switcher" icon={<TranslationOutlined />}>
        <span className="sl-language-current">{languageNames[active]}</span>
      </Button>
    </Dropdown>
  );
}
