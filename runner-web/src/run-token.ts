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
