import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../api/test/support/browser.ts';
import { ownerRecords } from '../../../api/test/support/owner-records.ts';
import { acceptedMember } from '../../../api/test/support/team-member.ts';
import { screenshot, useRunnerHarness, UI_TIMEOUT_MS } from './runner-harness.ts';

/** A cleaner's personal schedule link `/c/{token}` in the runner PWA: their runs, each opening its checklist. */

const harness = useRunnerHarness();

describe("the cleaner's schedule in the runner", () => {
  it('lists the runs assigned to the cleaner with how to get in, opens one, and shows Invalid Magic Link once revoked', async () => {
    const { owner, phone, newRun, api } = harness();
    await ownerRecords(api).grantPlan(owner.userId, 'pro');
    const email = uniqueEmail('rosa');
    const rosa = await acceptedMember(api, owner, { email, name: 'Rosa Diaz' });
    const run = await newRun(undefined, {
      access_code: 'Lockbox 4821',
      notes: 'Park in bay 12.\nLinens in the hall closet.',
    });
    const dueAt = new Date(Date.now() + 24 * 3_600_000).toISOString();
    expect((await owner.put(`/api/runs/${run.id}`, { assigned_to: rosa.id, due_at: dueAt })).status).toBe(200);
    // The assignment mail says how to get in.
    const mail = await api.mailbox.latest(email, /^New turnover at Lakeview Cabin$/);
    for (const line of ['Access code: Lockbox 4821', 'Park in bay 12.', 'Linens in the hall closet.']) {
      expect(mail.text).toContain(line);
    }
    const link = (await owner.post(`/api/team/${rosa.id}/schedule-link`)).body.link as string;

    const page = await phone.context.newPage();
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: "Rosa Diaz's schedule" }).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByRole('heading', { level: 2, name: 'Lakeview Cabin' }).waitFor();
    await page.getByText(/^Due /).waitFor();
    await page.getByText('Lockbox 4821', { exact: true }).waitFor();
    await page.getByText(/Park in bay 12\.\s+Linens in the hall closet\./).waitFor();
    await screenshot(page, 'runner-schedule');
    await page.getByRole('link', { name: 'Open checklist' }).click();
    await page.getByRole('heading', { level: 1, name: 'Quick Turnover' }).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(page.url()).toBe(run.magic_link);

    expect((await owner.delete(`/api/team/${rosa.id}/schedule-link`)).status).toBe(200);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Invalid Magic Link' }).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByText('Lockbox 4821').count()).toBe(0);
    await page.close();
  }, 120_000);
});
