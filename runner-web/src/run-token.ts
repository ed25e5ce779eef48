/** The magic-link token of `/r/{token}` or `/run/{token}`, or null when the path carries none. */
export function tokenFromPath(pathname: string): string | null {
  const match = /^\/(?:r|run)\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

const LAST_LINK_KEY = 'turnproof-runner-last-link';

/**
 * The installed app opens at /r/ (the manifest's start_url), with no token: it goes on with the last run
 * opened on this device. Null anywhere else, or when none was.
 */
export function lastRunToken(pathname: string): string | null {
  if (!/^\/(r|run)\/?$/.test(pathname)) return null;
  try {
    return localStorage.getItem(LAST_LINK_KEY);
  } catch {
    return null;
  }
}

/** Remembers (or, with null, forgets) the run the installed app opens. */
export function rememberRunToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(LAST_LINK_KEY, token);
    else localStorage.removeItem(LAST_LINK_KEY);
  } catch {
    // storage disabled: the installed app opens on the Invalid Magic Link screen
  }
}
