import { useSearchParams } from 'react-router-dom';
import { en } from '../i18n/en.ts';
import type { MessageKey } from '../i18n/keys.ts';
import { useT } from '../i18n/useT.ts';

/** The refusals the console has a sentence for (the API's error codes, tp.apiErrors). */
const isApiErrorCode = (code: string): code is keyof typeof en.tp.apiErrors => code in en.tp.apiErrors;

/** Codes whose sentence is the server's own English one: the page names the problem in its language instead. */
const SENTENCE_CODES = new Set(['invalid_input', 'invalid_field', 'password_too_short']);

/**
 * Why a plain form's POST was refused, read from its answer's query (`refused`, `count`, `field`: the server's
 * api/src/site/form-refusal.ts), in the page's language: the API's sentence for its code, the field's own
 * sentence where the server's would be English, else `fallback`. Empty when nothing was refused.
 */
export function useFormRefusal(fallback: string): string {
  const t = useT();
  const [params] = useSearchParams();
  const code = params.get('refused');
  if (!code) return '';
  const count = Number(params.get('count')) || 1;
  if (code === 'password_too_short') return t('auth.passwordTooShort', { count });
  const field = code === 'invalid_field' ? params.get('field') : null;
  if (field === 'email') return t('team.emailInvalid');
  if (field === 'full_name') return t('auth.enterFullName');
  if (SENTENCE_CODES.has(code) || !isApiErrorCode(code)) return fallback;
  return t(`apiErrors.${code}` as MessageKey, { smart_count: count });
}
