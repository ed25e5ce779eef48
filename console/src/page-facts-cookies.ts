import { deviceZone } from '@turnproof/config/time-format';
import { PAGE_COOKIES } from '@turnproof/config/page-cookies';

const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Keeps the browser's time zone and window width in cookies: the API renders the dashboard's first screen
 * laid out for that width, with 'Completed Today' from that zone's midnight (api/src/dashboard/dashboard-page.ts).
 * Written once the page's viewport applies, on every console page, for the next load of /dashboard.
 */
export function rememberPageFacts(): void {
  const remember = (name: string, value: string | number) => {
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${MAX_AGE_SECONDS}; samesite=lax`;
  };
  remember(PAGE_COOKIES.timeZone, deviceZone());
  remember(PAGE_COOKIES.width, window.innerWidth);
}
