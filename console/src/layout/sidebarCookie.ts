const COOKIE = 'sidebar_state';
const MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** The spec keeps the sidebar's open state in a cookie for 7 days. */
export function readSidebarOpen(): boolean {
  const match = document.cookie.split('; ').find((entry) => entry.startsWith(`${COOKIE}=`));
  return match ? match.split('=')[1] !== 'false' : true;
}

export function writeSidebarOpen(open: boolean): void {
  document.cookie = `${COOKIE}=${open}; path=/; max-age=${MAX_AGE_SECONDS}; samesite=lax`;
}
