import { ApplicationFailure } from '@temporalio/activity';
import type { Mailer } from '@turnproof/platform/mailer';
import type { MailFailure } from './activity-metrics.ts';

/** The failure type of a message the mail server refused for good (retrying cannot help). */
export const MAIL_REFUSED = 'MailRefused';

/** The mailer the activities use: every send tells a refusal apart from an outage (below), and counts it. */
export function refusalAwareMailer(mailer: Mailer, onFailure: (reason: MailFailure) => void = () => {}): Mailer {
  return { send: (message) => sendOrRefuse(() => mailer.send(message), onFailure) };
}

/**
 * Sends through `send`, telling a refusal apart from an outage: an SMTP 5xx answer (a refused address,
 * a message the server will never take) becomes a non-retryable failure with the server's sentence;
 * anything else (no connection, a timeout, a 4xx "try later") is thrown as it is, so the activity's
 * retry policy tries again until the server is back.
 */
export async function sendOrRefuse(send: () => Promise<void>, onFailure: (reason: MailFailure) => void): Promise<void> {
  try {
    await send();
  } catch (error) {
    const { responseCode, response } = error as { responseCode?: number; response?: string };
    const refused = typeof responseCode === 'number' && responseCode >= 500;
    onFailure(refused ? 'refused' : 'unavailable');
    if (refused) {
      throw ApplicationFailure.nonRetryable(
        `The mail server refused the message: ${response ?? responseCode}`,
        MAIL_REFUSED,
      );
    }
    throw error;
  }
}
