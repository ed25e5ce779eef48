import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { type ConsoleHarness, PHONE_390, screenshot, startConsoleHarness, UI_TIMEOUT_MS } from './console-harness.ts';

/** Issue 25 point 1 in real Chromium at 390 px: a cleaner with only a phone, on SMS, on a server that cannot text yet. */
let harness: ConsoleHarness;
beforeAll(async () => {
  harness = await startConsoleHarness();
});
afterAll(() => harness?.close());

describe('a cleaner without e-mail', () => {
  it('is added with only a phone on SMS, with the note that texts are not set up, and listed with the number', async () => {
    const owner = await harness.owner('flex');
    await ownerRecords(harness.api).grantPlan(owner.userId, 'pro');
    const page = await harness.newPage(PHONE_390, owner);
    await page.goto(harness.url('/team'));
    await page.getByRole('link', { name: 'Invite a team member' }).click();

    await page.getByLabel('Name (optional)').fill('Ana Lima');
    await page.getByLabel('Mobile phone').fill('+1 (212) 555-0100');
    const note = page.getByText('Text messages are not set up on this server yet');
    expect(await note.count()).toBe(0);
    await page.getByRole('radio', { name: 'SMS' }).check();
    await note.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await note.textContent()).toContain('notices go by e-mail');
    await screenshot(page, 'team-channels-add-sms-390px');
    expect(await seriousViolations(page, 'team add with SMS')).toEqual([]);

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Ana Lima added to your team').waitFor({ timeout: UI_TIMEOUT_MS });
    const card = page.getByRole('listitem').filter({ hasText: 'Ana Lima' });
    await card.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await card.textContent()).toContain('+12125550100 · SMS · Cleaner');
    // No address to send an invitation to: no Resend button.
    expect(await card.getByRole('button', { name: 'Resend' }).count()).toBe(0);
    await screenshot(page, 'team-channels-list-390px');
    expect((await owner.get('/api/team')).body).toEqual([
      expect.objectContaining({ name: 'Ana Lima', email: null, phone: '+12125550100', notify_by: 'sms' }),
    ]);

    // The property's cleaner pickers name her channel.
    await page.goto(harness.url('/properties/create'));
    await page.getByLabel('Default cleaner').click();
    await page.getByRole('option', { name: 'Ana Lima · SMS (invited, not joined yet)' }).waitFor();
    await screenshot(page, 'team-channels-picker-390px');
    await page.context().close();
  });

  it('shows since when a member’s number stopped texts (STOP)', async () => {
    const owner = await harness.owner('flex');
    await ownerRecords(harness.api).grantPlan(owner.userId, 'pro');
    const added = await owner.post('/api/team', { role: 'Cleaner', name: 'Bea Cruz', phone: '+12125550111' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    // As the STOP webhook records it (its own test: api/test/messaging/text-notices.test.ts).
    await harness.api.orm.em
      .getConnection()
      .execute(`update team_members set sms_opted_out_at = '2026-11-20T12:00:00Z' where id = ?`, [added.body.id]);
    const page = await harness.newPage(PHONE_390, owner);
    await page.goto(harness.url('/team'));
    const card = page.getByRole('listitem').filter({ hasText: 'Bea Cruz' });
    await card.getByText('Texts stopped on').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await card.textContent()).toContain('Texts stopped on 11/20/2026 (STOP)');
    await page.context().close();
  });
});
