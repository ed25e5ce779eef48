import { HttpError } from 'react-admin';

/** The `code` of the API's 503 answer from a /stripe endpoint when the server has no Stripe key. */
const BILLING_NOT_CONFIGURED = 'billing_not_configured';

/**
 * The API's sentence when billing is not set up on this server (addressed to whoever runs it), or null
 * for any other failure. It is a fact about the server, not an error of the owner's, so screens show it
 * as information rather than as a 'Checkout Error'.
 */
export function billingNotSetUpSentence(error: unknown): string | null {
  if (!(error instanceof HttpError) || error.status !== 503) return null;
  const body = error.body as { code?: unknown; error?: unknown } | undefined;
  // The message is the sentence in the console's language (api/http.ts).
  return body?.code === BILLING_NOT_CONFIGURED && typeof body.error === 'string' ? error.message : null;
}
