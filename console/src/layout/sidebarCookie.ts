import { createContext } from 'react';

const COOKIE = 'sidebar_state';
const MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** The page's cookies as a Cookie header: the document's in the browser, the request's in a server render. */
export const PageCookies = createContext<() => string>(() => document.cookie);

/** The spec keeps the sidebar's open state in a cookie for 7 days. */
export function readSidebarOpen(cookies: string): boolean {
  const match = cookies.split(/;\s*/).find((entry) => entry.startsWith(`${COOKIE}=`));
  return match ? match.split('=')[1] !== 'false' : true;
}

export function writeSidebarOpen(open: boolean): void {
  document.cookie = `${COOKIE}=${open}; path=/; max-age=${MAX_AGE_SECONDS}; samesite=lax`;
}
