/**
 * URL paths whose segments are bearer credentials: the magic link of a run (the runner's pages and the
 * console's Test link), a cleaner's schedule link, and the signed upload and media grants. Each pattern
 * keeps the route's prefix and captures the secret.
 */
const SECRET_SEGMENTS: RegExp[] = [
  // Runner files (/r/assets/..., /r/sw.js) are short or carry a dot; tokens are long base64url.
  /^(\/(?:r|run|c|w)\/)([A-Za-z0-9_-]{16,})(?=\/|$)/,
  /^(\/api\/test-run\/)([^/]+)/,
  /^(\/api\/public\/upload\/)([^/]+)/,
  /^(\/api\/media\/)([^/]+)/,
];

/**
 * Any other segment as long as our tokens (256 bits in base64url: 43 characters; UUIDs are 36): a link
 * mistyped, truncated or of a route yet to come is still nobody's to read in the log.
 */
const TOKEN_LIKE_SEGMENT = /(?<=\/)[A-Za-z0-9_-]{40,}(?=\/|$)/g;

/** The path as logs may keep it: every secret segment replaced by `:secret`. */
export function redactedPath(path: string): string {
  const known = SECRET_SEGMENTS.find((pattern) => pattern.test(path));
  return (known ? path.replace(known, '$1:secret') : path).replace(TOKEN_LIKE_SEGMENT, ':secret');
}

/** Pages and answers reached through a secret URL: the URL must not leave in a Referer header. */
export const carriesSecret = (path: string) =>
  /^\/(?:r|run|c|w)(?:\/|$)/.test(path) || SECRET_SEGMENTS.some((pattern) => pattern.test(path));
