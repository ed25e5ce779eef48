/**
 * URL paths whose segments are bearer credentials: the magic link of a run (the runner's pages and the
 * console's Test link) and the signed upload and media grants. Each pattern keeps the route's prefix
 * and captures the secret.
 */
const SECRET_SEGMENTS: RegExp[] = [
  // Runner files (/r/assets/..., /r/sw.js) are short or carry a dot; tokens are long base64url.
  /^(\/(?:r|run)\/)([A-Za-z0-9_-]{16,})(?=\/|$)/,
  /^(\/api\/test-run\/)([^/]+)/,
  /^(\/api\/public\/upload\/)([^/]+)/,
  /^(\/api\/media\/)([^/]+)/,
];

/** The path as logs may keep it: every secret segment replaced by `:secret`. */
export function redactedPath(path: string): string {
  for (const pattern of SECRET_SEGMENTS) {
    if (pattern.test(path)) return path.replace(pattern, '$1:secret');
  }
  return path;
}

/** Pages and answers reached through a secret URL: the URL must not leave in a Referer header. */
export const carriesSecret = (path: string) =>
  /^\/(?:r|run)(?:\/|$)/.test(path) || SECRET_SEGMENTS.some((pattern) => pattern.test(path));
