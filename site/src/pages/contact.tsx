/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { PageIntro } from '../components/layout.tsx';
import { PRODUCT_NAME } from '../content/marketing.ts';
import { LEGAL } from '../content/legal.ts';
import type { SitePage } from '../render.tsx';
import { useSite } from '../site-context.ts';

export const CONTACT_TEXTS = {
  sent: 'Message sent!',
  failed: 'Failed to send message. Please try again or email us directly.',
};

export interface ContactFormState {
  /** After a plain (no-JavaScript) POST: what happened. */
  outcome?: { ok: true } | { ok: false; error: string };
  values?: Partial<Record<'name' | 'email' | 'subject' | 'message', string>>;
}

function ContactForm({ outcome, values = {} }: ContactFormState) {
  const { supportEmail } = useSite();
  return (
    <form className="contact-form card" method="post" action="/contact" data-contact>
      <p className="field">
        <label htmlFor="contact-name">Name</label>
        <input id="contact-name" name="name" required maxLength={200} autoComplete="name" defaultValue={values.name} />
      </p>
      <p className="field">
        <label htmlFor="contact-email">Email</label>
        <input
          id="contact-email"
          name="email"
          type="email"
          required
          maxLength={320}
          autoComplete="email"
          defaultValue={values.email}
        />
      </p>
      <p className="field">
        <label htmlFor="contact-subject">Subject</label>
        <input id="contact-subject" name="subject" required maxLength={200} defaultValue={values.subject} />
      </p>
      <p className="field">
        <label htmlFor="contact-message">Message</label>
        <textarea
          id="contact-message"
          name="message"
          required
          maxLength={5000}
          rows={6}
          defaultValue={values.message}
        />
      </p>
      {/* Hidden from people; bots that fill every field give themselves away here. */}
      <p className="honeypot" aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name="website" tabIndex={-1} autoComplete="off" />
      </p>
      <p className="actions">
        <button className="button button-primary" type="submit">
          Send message
        </button>
      </p>
      <p className={outcome && !outcome.ok ? 'form-status error' : 'form-status'} role="status" data-contact-status>
        {outcome ? (outcome.ok ? CONTACT_TEXTS.sent : outcome.error) : null}
      </p>
      <p className="muted">
        Or write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    </form>
  );
}

export function contactPage(state: ContactFormState = {}): SitePage {
  return {
    title: `Contact ${PRODUCT_NAME} – questions, demos and support`,
    description: `Questions about turnover checklists, plans or your account? Send us a message; we typically reply within ${LEGAL.contactReplyHours} hours.`,
    status: state.outcome && !state.outcome.ok ? 400 : 200,
    body: (
      <>
        <PageIntro title="Contact us" lead={`We typically reply within ${LEGAL.contactReplyHours} hours.`} />
        <section className="band" aria-label="Contact form">
          <div className="wrap narrow">
            <ContactForm {...state} />
            <p>
              Looking for a quick answer? Read the <a href="/#frequently-asked-questions">frequently asked questions</a>{' '}
              or the <a href="/help">help centre</a>.
            </p>
          </div>
        </section>
      </>
    ),
  };
}
