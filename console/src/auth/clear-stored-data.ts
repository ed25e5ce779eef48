import { INSTALL_DISMISSED_KEY } from '@turnproof/config/install-offer';
import { pagePath } from '../plain-pages.ts';

/** The query the public header's Sign Out (POST /sign-out, api/src/site/site-router.ts) lands on /auth with. */
export const SIGNED_OUT_QUERY = 'signed_out';

/**
 * Everything the console keeps in the browser's storage (the wizard's smart defaults with the last tenant's
 * name and e-mail, react-admin's store). The device's answer to the install prompt is no one's data: it stays.
 */
export function clearStoredData(): void {
  const installDismissed = localStorage.getItem(INSTALL_DISMISSED_KEY);
  localStorage.clear();
  if (installDismissed !== null) localStorage.setItem(INSTALL_DISMISSED_KEY, installDismissed);
  sessionStorage.clear();
}

/**
 * The public header's Sign Out ended the session on the server and landed on /auth: what the console kept in
 * this browser goes too, first of all, before the console starts (a phone's /auth starts it only when wanted:
 * start-when-wanted.ts). Cleared later, as the console starts, react-admin's store noticed during the hydration
 * of /auth and a second, client-rendered form appeared beside the server's.
 */
export function clearStoredDataAfterSignOut(): void {
  if (pagePath() === '/auth' && new URLSearchParams(location.search).has(SIGNED_OUT_QUERY)) clearStoredData();
}
