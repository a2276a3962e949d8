import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, languageNames, languages } from '../../lib/i18n';

/** The four languages as plain links: the login page's switcher, lighter than the shell's menu. */
export function LanguageLinks({ className }: { className?: string }) {
  const { t } = useTranslation('layout');
  const active = currentLanguage();
  return (
    <nav className={className} aria-label={t('navbar.language')} data-testid="language-switcher">
      {languages.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          data-testid={`language-${lng}`}
          aria-pressed={lng === active}
          className={lng === active ? 'sl-language-link sl-language-link-active' : 'sl-language-link'}
          onClick={() => void changeLanguage(lng)}
        >
          {languageNames[lng]}
        </button>
      ))}
    </nav>
  );
}
