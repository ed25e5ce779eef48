import { useId } from 'react';
import { type Locale, LOCALES, setLocale, useLocale, useMessages } from '../i18n/locale.ts';

/** The header's language select; the choice is remembered on this device. */
export function LanguageSwitch() {
  const t = useMessages();
  const locale = useLocale();
  const id = useId();
  return (
    <div className="language-switch">
      <label htmlFor={id} className="visually-hidden">
        {t.languageLabel}
      </label>
      <select id={id} className="select" value={locale} onChange={(event) => setLocale(event.target.value as Locale)}>
        {Object.entries(LOCALES).map(([code, name]) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
