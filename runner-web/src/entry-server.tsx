import { renderToString } from 'react-dom/server';
import { bootFromState, type RunnerState, type ServedRun } from './boot.ts';
import { localeOfRequest, LOCALE_STORAGE_KEY, startLocale } from './i18n/locale.ts';
import { RunnerRoot } from './RunnerRoot.tsx';

/** The request facts the runner's server render depends on. */
export interface RunnerPageRequest {
  token: string;
  served: ServedRun;
  /** The request's cookies, by name. */
  cookie: (name: string) => string | null;
  acceptLanguage: string | null;
}

/**
 * The runner's first screen as HTML (built to dist-server/entry-server.js; the API renders /r/{token}
 * with it), and the state the browser hydrates it from. Synchronous: the language set for this render
 * cannot leak into another request's.
 */
export function renderRunnerPage({ token, served, cookie, acceptLanguage }: RunnerPageRequest): {
  html: string;
  state: RunnerState;
} {
  const locale = localeOfRequest(cookie(LOCALE_STORAGE_KEY), acceptLanguage);
  const state: RunnerState = { token, locale, served };
  startLocale(locale);
  return { html: renderToString(<RunnerRoot boot={bootFromState(state)} />), state };
}
