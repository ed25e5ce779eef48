import { MenuItem, TextField } from '@mui/material';
import { isLanguage, LANGUAGES } from '@turnproof/config/languages';
import { useLocaleState, useNotify } from 'react-admin';
import { apiJson } from '../api/http.ts';
import { errorMessage } from '../auth/authApi.ts';
import { useRefreshSession } from '../auth/session.ts';
import { useT } from './useT.ts';

/**
 * Settings' language select: switches the console at once, and saves the choice on the owner's profile
 * (the console on other devices, and the mails to the host, follow it).
 */
export function LanguagePicker() {
  const t = useT();
  const notify = useNotify();
  const [locale, setLocale] = useLocaleState();
  const refreshSession = useRefreshSession();
  const choose = async (language: string) => {
    if (!isLanguage(language)) return;
    setLocale(language);
    try {
      await apiJson('/profile', { method: 'PUT', body: { language } });
      await refreshSession();
    } catch (error) {
      notify(t('settings.languageSaveFailed', { message: errorMessage(error, '') }), { type: 'error' });
    }
  };
  return (
    <TextField
      select
      label={t('settings.language')}
      value={locale}
      onChange={(event) => void choose(event.target.value)}
      fullWidth
      helperText={t('settings.languageHint')}
      slotProps={{ htmlInput: { 'data-language-picker': true } }}
    >
      {Object.entries(LANGUAGES).map(([code, name]) => (
        <MenuItem key={code} value={code} lang={code}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}
