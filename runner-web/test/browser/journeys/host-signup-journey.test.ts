import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, DESKTOP, UI_TIMEOUT_MS } from '../../../../api/test/console/console-harness.ts';
import { Cleaner, completeThroughMagicLink } from '../../../../api/test/runner/cleaner.ts';
import { uniqueEmail } from '../../../../api/test/support/browser.ts';
import { acceptInvitation, linkFromAssignmentMail } from './cleaner-steps.ts';
import {
  addFirstProperty,
  buildChecklist,
  confirmFromMail,
  createRunWithDueAndCleaner,
  expectApproved,
  finishOnboarding,
  inviteCleaner,
  reviewAndApprove,
  signUpAtAuth,
} from './host-steps.ts';
import { cleanerPhone, hostPage, shot, shotBothSizes, startJourney, step } from './journey-kit.ts';

/**
 * A new host's journey from sign-up to an approved run (issue 23): sign up at /auth, confirm from the
 * mail the SMTP server received, onboarding, a property, a checklist, a cleaner invited (who accepts on their phone), a run with a
 * due time and that cleaner (who gets the link by mail), the cleaner completes it, the host reviews
 * and approves it, and the run shows Approved. Steps the product is changing (confirming signs in;
 * review with photos and per-task send-back) are single helpers in host-steps.ts.
 */

const HOST = { fullName: 'Jordan Avery', email: uniqueEmail('journey-host') };
const CLEANER = { name: 'Rosa Martinez', email: uniqueEmail('journey-rosa') };
const PROPERTY = { name: 'Birch Row Flat', address: '22 Birch Row, Portland OR' };
const CHECKLIST = 'Jordan Move-In';

let harness: ConsoleHarness;
let page: Page;

beforeAll(async () => {
  harness = await startJourney();
  page = await hostPage(harness, DESKTOP);
});

afterAll(() => harness?.close());

describe("a new host's journey", () => {
  it('signs up, sets up, sends a run with a due time and a cleaner, and approves it once done', async () => {
    const host = { ...HOST, password: harness.password };
    const pages = [page];
    let propertyId = '';
    let link = '';

    await step('signs up at /auth', pages, async () => {
      await signUpAtAuth(page, harness, host);
      await shotBothSizes(page, 'signup-1-check-mail');
    });

    await step('confirms from the mail', pages, async () => {
      await confirmFromMail(page, harness, host);
    });

    await step('onboarding', pages, async () => {
      await finishOnboarding(page, harness);
      await page.getByRole('heading', { name: 'Welcome, Jordan!' }).waitFor();
    });

    await step('adds a property', pages, async () => {
      propertyId = await addFirstProperty(page, harness, PROPERTY);
    });

    await step('builds a checklist', pages, async () => {
      await buildChecklist(page, harness, { id: propertyId, ...PROPERTY }, CHECKLIST);
    });

    await step('invites a cleaner', pages, async () => {
      await inviteCleaner(page, harness, CLEANER);
    });

    await step('the cleaner accepts the invitation on their phone', pages, async () => {
      // Runs go only to members who joined: the wizard lists an invited member as not joined yet.
      const phone = await cleanerPhone(harness);
      try {
        await acceptInvitation(phone.page, harness, CLEANER.email);
        await shot(phone.page, 'signup-cleaner-joined');
      } finally {
        await phone.context.close();
      }
    });

    await step('creates a run with a due time and the cleaner', pages, async () => {
      link = await createRunWithDueAndCleaner(page, harness, {
        propertyName: PROPERTY.name,
        checklistName: CHECKLIST,
        unit: '3C',
        tenant: 'Sam Patel',
        dueLocal: localTomorrowAt('16:00'),
        cleaner: CLEANER.name,
      });
      await shotBothSizes(page, 'signup-2-run-created');
      // The cleaner got the same link by mail.
      expect((await linkFromAssignmentMail(harness, CLEANER.email, PROPERTY.name)).link).toBe(link);
    });

    await step('the cleaner completes the run through the link', pages, async () => {
      const run = await completeThroughMagicLink(Cleaner.fromLink(link));
      expect(run.tasks).toHaveLength(2);
    });

    await step('reviews and approves the run', pages, async () => {
      await reviewAndApprove(page, harness, PROPERTY.name);
    });

    await step('the run shows Approved, its page nothing left to edit', pages, async () => {
      await expectApproved(page, harness, PROPERTY.name);
      await shotBothSizes(page, 'signup-3-run-page-approved');
      await page.goto(harness.url('/runs'));
      await page.getByText('Approved', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await shotBothSizes(page, 'signup-4-runs-approved');
    });
  }, 600_000);
});

/** Tomorrow at `time`, as a datetime-local value (the wizard's field). */
function localTomorrowAt(time: string): string {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  return `${tomorrow.toISOString().slice(0, 10)}T${time}`;
}
