import { keyMessages } from './key-auth.ts';

const common: Record<number, string> = {
  401: `${keyMessages.unknown} (code invalid_api_key; missing_api_key without a key)`,
  403: "A read key's write (code insufficient_scope), or a plan without the API (upgrade_for_api)",
  429: 'Too many requests with this key (code rate_limited); Retry-After says when to try again',
};

/** The error answers every v1 route may give, and the route's own; each is `{error, code, request_id}`. */
export function v1Errors(own: Record<number, string> = {}): Record<number, string> {
  const errors = { ...common };
  for (const [status, description] of Object.entries(own)) {
    const key = Number(status);
    errors[key] = errors[key] ? `${errors[key]}; ${description}` : description;
  }
  return errors;
}
