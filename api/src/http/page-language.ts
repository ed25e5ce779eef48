import { acceptedLanguages, isLanguage, type Language, pickLanguage } from '@turnproof/config/languages';
import { PAGE_COOKIES } from '@turnproof/config/page-cookies';
import type { AppContext } from './context.ts';

/**
 * The language a console page is rendered in on the server, as the console itself would pick it: the
 * owner's (Settings), else the console's last on this browser (its cookie), else Accept-Language's first
 * that we speak. The answer varies with the request's headers.
 */
export function pageLanguage(ctx: AppContext, ownerLanguage?: string | null): Language {
  ctx.vary('Accept-Language');
  if (isLanguage(ownerLanguage)) return ownerLanguage;
  const cookie = ctx.cookies.get(PAGE_COOKIES.language);
  if (isLanguage(cookie)) return cookie;
  return pickLanguage(acceptedLanguages(ctx.get('Accept-Language')));
}
