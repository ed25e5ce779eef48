import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, DESKTOP, type Owner, PHONE_390 } from '../../../../api/test/console/console-harness.ts';
import { uniqueEmail } from '../../../../api/test/support/browser.ts';
import { ownerRecords } from '../../../../api/test/support/owner-records.ts';
import { acceptedMember } from '../../../../api/test/support/team-member.ts';
import { OFFLINE_BANNER, UI_TIMEOUT_MS } from '../runner-harness.ts';
import {
  doTask,
  expectGettingIn,
  linkFromAssignmentMail,
  markRunComplete,
  openLink,
  reportIssue,
  toast,
  waitingSeen,
  watchFinalCard,
} from './cleaner-steps.ts';
import { cleanerPhone, hostPage, shot, startJourney, step, SYNC_TIMEOUT_MS } from './journey-kit.ts';

/**
 * The cleaner's journey, whole (issue 23): the link from the assignment mail on a 390 px phone, the
 * first task with the door code and the notes, tasks done with photos, the signal lost, an issue with
 * a photo reported offline, the signal back and the queue sent, the run marked complete and the final
 * summary; then the host's run page shows the issue with its photo. Real API, worker, Temporal, SMTP.
 */

const CLEANER = { name: 'Rosa Martinez', email: uniqueEmail('rosa') };
const ACCESS_CODE = 'Lockbox 4821';
const NOTES = ['Park in bay 12 behind the building.', 'Clean linens are in the hall closet.'];
const PROPERTY = { name: 'Harbor Loft', address: '40 Pier St, Boston MA', timezone: 'America/New_York' };
const CHECKLIST = 'Harbor Loft turnover';
const TASKS = [
  { title: 'Strip and remake the beds', required_media: 0 },
  { title: 'Photograph the kitchen', required_media: 1 },
  { title: 'Check the bathroom', required_media: 0 },
] as const;
const ISSUE = { severity: 'High', note: 'Bathroom mirror cracked', photoSeed: 'journey-mirror' } as const;

let harness: ConsoleHarness;
let owner: Owner;
let run: { id: string };

beforeAll(async () => {
  harness = await startJourney();
  owner = await harness.owner();
  await ownerRecords(harness.api).grantPlan(owner.userId, 'pro');
  const cleaner = await acceptedMember(harness.api, owner, { ...CLEANER, role: 'Cleaner' });
  const property = await owner.post('/api/properties', {
    ...PROPERTY,
    access_code: ACCESS_CODE,
    notes: NOTES.join('\n'),
    default_assignee_id: cleaner.id,
  });
  expect(property.status).toBe(201);
  const checklist = await owner.post('/api/checklists', {
    property_id: property.body.id,
    name: CHECKLIST,
    type: 'turnover',
  });
  for (const task of TASKS) {
    expect((await owner.post('/api/tasks', { checklist_id: checklist.body.id, ...task })).status).toBe(201);
  }
  const made = await owner.post('/api/runs', {
    property_id: property.body.id,
    checklist_id: checklist.body.id,
    due_at: new Date(Date.now() + 6 * 60 * 60 * 1000).toISOString(),
    assigned_to: cleaner.id,
  });
  expect(made.status).toBe(201);
  run = made.body;
}, 300_000);

afterAll(() => harness?.close());

const issueAlerts = () =>
  harness.api.orm.em
    .getConnection()
    .execute<{ description: string }[]>(`select description from alerts where run_id = ? and kind = 'issue'`, [run.id]);

describe("the cleaner's journey", () => {
  it('from the mailed link to a completed run with an issue photo taken offline; the host sees the photo', async () => {
    const { context, page } = await cleanerPhone(harness);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const pages: Page[] = [page];

    await step('opens the link from the assignment mail', pages, async () => {
      const { link, mail } = await linkFromAssignmentMail(harness, CLEANER.email, PROPERTY.name);
      expect(mail.text).toContain(`Access code: ${ACCESS_CODE}`);
      await openLink(page, link, CHECKLIST);
    });

    await step('sees the first task, the access code and the notes', pages, async () => {
      await expectGettingIn(page, ACCESS_CODE, NOTES);
      const first = page.getByRole('region', { name: TASKS[0].title });
      await first.getByRole('heading', { level: 2, name: TASKS[0].title }).waitFor();
      await page.getByText(`0 of ${TASKS.length} done`).waitFor();
      await shot(page, 'cleaner-1-first-screen');
    });

    await step('does the tasks, one with a photo', pages, async () => {
      await doTask(page, TASKS[0].title);
      await doTask(page, TASKS[1].title, ['journey-kitchen']);
      await page.getByText(`2 of ${TASKS.length} done`).waitFor({ timeout: UI_TIMEOUT_MS });
      await shot(page, 'cleaner-2-photo-task-done');
    });

    await step('loses the signal: the same task card, and the banner says so', pages, async () => {
      await context.setOffline(true);
      await page.getByText(OFFLINE_BANNER).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByRole('region', { name: TASKS[2].title }).getByRole('button', { name: 'Complete Task' }).waitFor();
    });

    await step('reports an issue with a photo offline, and finishes the last task', pages, async () => {
      await reportIssue(page, TASKS[2].title, ISSUE);
      await toast(page, 'Issue will sync when online');
      await page.getByText('Waiting to upload: 1 issue report.').waitFor({ timeout: UI_TIMEOUT_MS });
      await doTask(page, TASKS[2].title, [], false);
      await page.getByText('Waiting to upload: 1 task and 1 issue report.').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await issueAlerts()).toEqual([]);
      await shot(page, 'cleaner-3-offline-queued');
    });

    await step('back online: the queue is sent', pages, async () => {
      await context.setOffline(false);
      await page.getByText(OFFLINE_BANNER).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      await expect.poll(issueAlerts, { timeout: SYNC_TIMEOUT_MS }).toEqual([{ description: ISSUE.note }]);
      await page.getByText(`${TASKS.length} of ${TASKS.length} done`).waitFor({ timeout: SYNC_TIMEOUT_MS });
      await expect.poll(() => page.getByText(/\d+ queued/).count(), { timeout: SYNC_TIMEOUT_MS }).toBe(0);
    });

    await step('marks the run complete and sees what was sent', pages, async () => {
      await watchFinalCard(page);
      const final = await markRunComplete(page);
      await final.getByRole('heading', { name: 'What you sent' }).waitFor();
      await final.getByText(/^3 tasks done, 1 photo,? and 1 issue reported$/).waitFor();
      // Online, with the completion accepted: nothing is said to wait, not even for a moment.
      await page.waitForTimeout(1000);
      expect(await waitingSeen(page)).toEqual([]);
      await shot(page, 'cleaner-4-final-summary');
      const [stored] = await harness.api.orm.em
        .getConnection()
        .execute<{ status: string }[]>('select status from runs where id = ?', [run.id]);
      expect(stored?.status).toBe('completed');
      expect(errors).toEqual([]);
    });

    for (const [label, device] of [
      ['desktop', DESKTOP],
      ['390px', PHONE_390],
    ] as const) {
      const host = await hostPage(harness, device, owner);
      await step(`the host's run page shows the issue with its photo (${label})`, [host], async () => {
        await host.goto(harness.url(`/runs/${run.id}/show`));
        // One issue card: the photo, severity, status and the ways to close it, together.
        const issues = host.getByRole('region', { name: 'Issues (1)' });
        const issue = issues.getByRole('listitem', { name: `Issue: ${ISSUE.note}` });
        await issue.waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await host.getByRole('region', { name: /^Issue/ }).count()).toBe(1);
        await issue.getByText('Open', { exact: true }).waitFor();
        await issue.getByText('high severity').waitFor();
        await issue.getByText(/^Reported .+ · task: Check the bathroom$/).waitFor();
        await issue.getByRole('button', { name: 'Resolve' }).waitFor();
        await issue.getByRole('button', { name: 'Make follow-up run' }).waitFor();
        const photo = issue.getByRole('img', { name: `Issue “${ISSUE.note}”: photo 1 of 1` });
        await expect
          .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
            timeout: UI_TIMEOUT_MS,
          })
          .toBeGreaterThan(0);
        // A completed run's due time and cleaner are shown, no longer edited.
        await host.getByText(/^Due .+ · Assigned to Rosa Martinez$/).waitFor();
        expect(await host.getByRole('button', { name: 'Save' }).count()).toBe(0);
        await issue.scrollIntoViewIfNeeded();
        await shot(host, `cleaner-5-host-run-page-${label}`);
      });
      await host.context().close();
    }
    await context.close();
  }, 600_000);
});
