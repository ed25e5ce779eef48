import type { Locale } from './i18n/locale.ts';
import type { RunLoad } from './load-run.ts';
import { parseRunAnswer } from './run-model.ts';
import { lastRunToken, tokenFromPath } from './run-token.ts';

/**
 * What the server answered for a magic link when it rendered the page: the body of GET /api/public/run
 * (with when it left the server), or an invalid link. The page carries it as JSON for hydration, so the
 * browser renders the same first screen without asking for the run again.
 */
export type ServedRun = { state: 'loaded'; body: unknown; fetchedAt: number } | { state: 'invalid-link' };

/** The JSON data block of a server-rendered page (`<script type="application/json" id="runner-state">`). */
export interface RunnerState {
  token: string;
  locale: Locale;
  served: ServedRun;
}

export const RUNNER_STATE_ELEMENT_ID = 'runner-state';

/** How the app starts: the link's token (or the installed app's last run) and what the server rendered. */
export interface RunnerBoot {
  token: string | null;
  /** The token came from the address (not the installed app's memory). */
  fromLink: boolean;
  served: ServedRun | null;
}

export function bootFromState(state: RunnerState): RunnerBoot {
  return { token: state.token, fromLink: true, served: state.served };
}

/** A page the server did not render (the service worker's offline shell, `vite dev`, the installed app at /r/). */
export function bootFromLocation(pathname: string): RunnerBoot {
  const linkToken = tokenFromPath(pathname);
  return { token: linkToken ?? lastRunToken(pathname), fromLink: linkToken !== null, served: null };
}

/** The first screen: what the server rendered, else loading (or the invalid link when there is no token). */
export function initialLoad({ token, served }: RunnerBoot): RunLoad {
  if (!token || served?.state === 'invalid-link') return { state: 'invalid-link' };
  if (!served) return { state: 'loading' };
  const run = parseRunAnswer(served.body);
  if (!run) return { state: 'failed' };
  return { state: 'loaded', run, source: { fromCache: false, fetchedAt: served.fetchedAt } };
}
