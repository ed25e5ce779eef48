import type { EntityManager } from '@mikro-orm/postgresql';
import { ContactMessage } from '@turnproof/db';
import { z } from 'zod';
import { CONTACT_TEXTS } from '@turnproof/site';
import type { AppDeps } from '../app-deps.ts';
import { HttpError } from '../http/errors.ts';
import { contactMail } from './contact-mail.tsx';

const required = (field: string, max: number) =>
  z
    .string({ error: `${field} is required.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(max, `${field} is too long (at most ${max} characters).`);

export const contactInput = z.object({
  name: required('Name', 200),
  email: z.string().trim().pipe(z.email('Please enter a valid email address.').max(320)),
  subject: required('Subject', 200),
  message: required('Message', 5000),
  /** The honeypot: people never see it, bots fill it in. */
  website: z.string().max(500).optional(),
});

export type ContactInput = z.output<typeof contactInput>;

/**
 * Stores a contact message and mails it to the support address with Reply-To set to the sender, in
 * one transaction: a message that could not be mailed is not kept, and the sender is told to retry.
 * A filled-in honeypot is dropped silently (the bot sees the same success as a person).
 */
export async function submitContactMessage(deps: AppDeps, em: EntityManager, input: ContactInput, ip: string) {
  if (input.website) {
    deps.logger.info({ ip }, 'contact form: honeypot filled, message dropped');
    return;
  }
  await deps.rateLimits.consume(['contactPerIp', ip], ['contactPerEmail', input.email]);
  await em.transactional(async (tx) => {
    tx.create(ContactMessage, { name: input.name, email: input.email, subject: input.subject, message: input.message });
    await tx.flush();
    await deps.mailer.send(contactMail(deps.config.SUPPORT_EMAIL, input)).catch((error: unknown) => {
      deps.logger.error({ err: error }, 'contact message could not be mailed');
      throw new HttpError(502, CONTACT_TEXTS.failed);
    });
  });
}
