import type { Plugin } from 'vite';

/**
 * The dashboard's first render needs the session, the dashboard's figures and the open issues. An inline
 * script in index.html asks the API for them as the page starts, while the console's JavaScript still downloads,
 * rather than once it has run (src/api/early-answers.ts hands the answers to the app). The server checks
 * the session cookie on these requests as on any other.
 */
const script = `(() => {
  if (location.pathname.replace(/\\/+$/, '') !== '/dashboard') return;
  const answers = {};
  const request = (url) => {
    answers[url] = fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } }).then(
      (response) => (response.ok ? response.json() : undefined),
      () => undefined,
    );
  };
  request('/api/auth/session');
  // The local midnight, as in useDashboard.ts: the same URL, so the app takes this answer.
  const midnight = new Date();
  midnight.setHours(0, 0, 0, 0);
  request('/api/dashboard?since=' + encodeURIComponent(midnight.toISOString()));
  // The open-issues card's own list: asked now, it is there when the cards first render.
  request('/api/issues/open');
  window.__turnproofEarlyAnswers = answers;
})();`;

export function earlyApiRequests(): Plugin {
  return {
    name: 'turnproof-early-api-requests',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'script', children: script, injectTo: 'head-prepend' }],
    },
  };
}
