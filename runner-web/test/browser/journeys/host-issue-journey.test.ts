import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, DESKTOP, type Owner, PHONE_390 } from '../../../../api/test/console/console-harness.ts';
import { cameraPhoto, Cleaner } from '../../../../api/test/runner/cleaner.ts';
import { linkIn } from '../../../../api/test/support/mailbox.ts';
import { UI_TIMEOUT_MS } from '../runner-harness.ts';
import { expectLinkedIssue, openIssuesTile, resolveIssue } from './host-steps.ts';
import { hostPage, shot, startJourney, step } from './journey-kit.ts';

/**
 * The host's journey from an issue to its resolution (issue 23): the dashboard's open-issues tile
 * leads to the issue on its run page (desktop), the alert mail's link does too (390 px); each is
 * resolved with a note, and the tile's count drops each time, to none.
 */

const PROPERTY = { name: 'Cedar Cottage', address: '3 Cedar Ln, Asheville NC', timezone: 'America/New_York' };
const LAMP = { severity: 'high', description: 'Bedside lamp broken' };
const TOWEL = { severity: 'low', description: 'Towel frayed' };

let harness: ConsoleHarness;
let owner: Owner;
let runId: string;

/** The cleaner reports an issue through the link, with `photos` photos uploaded first, as the runner does. */
async function report(cleaner: Cleaner, runTaskId: string, issue: typeof LAMP, photos: number) {
  const media: string[] = [];
  for (let n = 0; n < photos; n += 1) {
    const { reserved, put } = await cleaner.storePhoto(runTaskId, await cameraPhoto(`${issue.description}-${n}`));
    expect(put?.status).toBe(200);
    media.push(reserved.body.path);
  }
  const sent = await cleaner.http.post('/api/public/issue', {
    token: cleaner.token,
    action_id: randomUUID(),
    runTaskId,
    ...issue,
    media,
  });
  expect(sent.status).toBe(201);
}

beforeAll(async () => {
  harness = await startJourney();
  owner = await harness.owner();
  const property = await owner.post('/api/properties', PROPERTY);
  const checklist = await owner.post('/api/checklists', {
    property_id: property.body.id,
    name: 'Cottage turnover',
    type: 'turnover',
  });
  for (const title of ['Strip beds', 'Check lamps']) {
    expect((await owner.post('/api/tasks', { checklist_id: checklist.body.id, title, required_media: 0 })).status).toBe(
      201,
    );
  }
  const run = await owner.post('/api/runs', { property_id: property.body.id, checklist_id: checklist.body.id });
  expect(run.status).toBe(201);
  runId = run.body.id;
  const cleaner = Cleaner.fromLink(run.body.magic_link);
  const tasks = (await cleaner.openRun()).body.run.tasks as { id: string }[];
  await report(cleaner, tasks[1]!.id, LAMP, 1);
  await report(cleaner, tasks[0]!.id, TOWEL, 0);
}, 300_000);

afterAll(() => harness?.close());

describe("the host's journey from an issue to its resolution", () => {
  it('opens each issue from the dashboard tile or the alert mail, resolves it, and the count drops', async () => {
    const desktop = await hostPage(harness, DESKTOP, owner);
    const phone = await hostPage(harness, PHONE_390, owner);
    const pages: Page[] = [desktop, phone];

    await step('the dashboard tile shows both open issues', pages, async () => {
      const { tile, count } = await openIssuesTile(desktop, harness);
      expect(count).toBe(2);
      await tile.getByRole('link', { name: LAMP.description }).waitFor();
      await tile.getByRole('link', { name: TOWEL.description }).waitFor();
      await shot(desktop, 'issue-1-dashboard-two-open');
    });

    await step('opens the towel from the tile and resolves it with a note (desktop)', pages, async () => {
      const { tile } = await openIssuesTile(desktop, harness);
      await tile.getByRole('link', { name: TOWEL.description }).click();
      await expectLinkedIssue(desktop, TOWEL.description, 0);
      await shot(desktop, 'issue-2-run-page-linked');
      await resolveIssue(desktop, TOWEL.description, 'Swapped for a new set of towels.');
      await shot(desktop, 'issue-3-resolved');
    });

    await step('the tile shows one open issue left', pages, async () => {
      const { tile, count } = await openIssuesTile(desktop, harness);
      expect(count).toBe(1);
      expect(await tile.getByRole('link', { name: TOWEL.description }).count()).toBe(0);
      await tile.getByRole('link', { name: LAMP.description }).waitFor();
    });

    await step('opens the lamp from the alert mail on the phone, photo and all, and resolves it', pages, async () => {
      const alert = await harness.api.mailbox.latest(
        owner.email,
        new RegExp(`^High-severity issue reported at ${PROPERTY.name}$`),
        60_000,
      );
      const link = linkIn(alert);
      expect(link).toMatch(new RegExp(`/runs/${runId}/show#issue-[0-9a-f-]+$`));
      await phone.goto(link);
      await expectLinkedIssue(phone, LAMP.description, 1);
      await shot(phone, 'issue-4-from-mail-390px');
      await resolveIssue(phone, LAMP.description, 'Replaced it with a spare from the closet.');
      await shot(phone, 'issue-5-resolved-390px');
    });

    await step('no open issue is left on the tile (390 px)', pages, async () => {
      const { tile, count } = await openIssuesTile(phone, harness);
      expect(count).toBe(0);
      await tile
        .getByText('No open issues: everything your cleaners reported is dealt with.')
        .waitFor({ timeout: UI_TIMEOUT_MS });
      await shot(phone, 'issue-6-dashboard-none-390px');
    });
  }, 600_000);
});
