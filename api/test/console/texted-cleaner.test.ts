import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { Browser } from '../support/browser.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { textCleaners, zoneAtHour } from '../support/text-cleaners.ts';
import { startTwilioApi, type TwilioApi } from '../support/twilio-api.ts';
import { type ConsoleHarness, PHONE_390, screenshot, startConsoleHarness, UI_TIMEOUT_MS } from './console-harness.ts';

/** Issue 25 in real Chromium at 390 px, on a server that texts through (a local) Twilio. */
let twilioApi: TwilioApi;
let harness: ConsoleHarness;
beforeAll(async () => {
  twilioApi = await startTwilioApi();
  harness = await startConsoleHarness({ api: { env: twilioApi.env } });
});
afterAll(async () => {
  await harness?.close();
  await twilioApi?.close();
});

const PHONE = '+12125550142';

/** Twilio reports a text's delivery to the status callback, signed, as it would. */
async function reportDelivery(sid: string, status: string) {
  const url = `${harness.api.config.publicOrigin}/api/messaging/twilio/status`;
  const form = { MessageSid: sid, MessageStatus: status, AccountSid: twilioApi.accountSid };
  expect((await twilioApi.postSigned(url, form)).status).toBe(200);
}

describe('a cleaner on SMS', () => {
  it('is added with a phone on SMS, gets the run by text, and the run page shows the message and its delivery', async () => {
    const owner = await harness.owner('flex');
    await ownerRecords(harness.api).grantPlan(owner.userId, 'pro');
    const page = await harness.newPage(PHONE_390, owner);
    await page.goto(harness.url('/team'));
    await page.getByRole('link', { name: 'Invite a team member' }).click();
    await page.getByLabel('Name (optional)').fill('Ana Lima');
    await page.getByLabel('Mobile phone').fill('+1 212 555 0142');
    await page.getByRole('radio', { name: 'SMS' }).check();
    // Texts are set up here: no note says otherwise; the month's texts are counted against the plan's.
    expect(await page.getByText('Text messages are not set up on this server yet').count()).toBe(0);
    await page.getByText(/^0 of 400 texts this month/).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Ana Lima added to your team').waitFor({ timeout: UI_TIMEOUT_MS });

    // The invitation went by text; Ana joins with its link.
    await expect.poll(() => twilioApi.received.filter((text) => text.to === PHONE).length).toBe(1);
    const invitation = twilioApi.received.find((text) => text.to === PHONE)!;
    expect(invitation.body).toMatch(/invited you to their Turnproof team/);
    const link = new URL(/https?:\/\/\S+/.exec(invitation.body)![0]);
    expect(
      (await new Browser(harness.api.baseUrl).post(link.pathname, { token: link.searchParams.get('token') })).status,
    ).toBe(200);

    const member = (await owner.get('/api/team')).body[0] as { id: string };
    const property = // Daytime where the property is: quiet hours would hold the text until 08:00.
      (
        await owner.post('/api/properties', {
          name: 'Pier Loft',
          address: '9 Pier St',
          timezone: zoneAtHour(12),
          default_assignee_id: member.id,
        })
      ).body as { id: string };
    await page.goto(harness.url(`/runs/create?type=turnover&property_id=${property.id}`));
    await page.getByRole('heading', { name: 'Property Details' }).waitFor();
    await page.getByRole('combobox', { name: 'Assigned to' }).filter({ hasText: 'Ana Lima · SMS' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Template Selection' }).waitFor();
    await page.getByRole('radio').and(page.locator(':not([disabled])')).first().check();
    await page.getByRole('button', { name: 'Create Inspection' }).click();
    await page.getByRole('heading', { name: 'Share & Complete' }).waitFor();

    const run = ((await owner.get('/api/runs')).body as { id: string; magic_link: string }[])[0]!;
    // After the invitation and the schedule link she got on joining, the run's link.
    const assignmentOf = () =>
      twilioApi.received.find((text) => text.to === PHONE && text.body.includes(run.magic_link));
    await expect.poll(assignmentOf).toBeDefined();
    const assignment = assignmentOf()!;

    await page.goto(harness.url(`/runs/${run.id}/show`));
    const log = page.getByRole('region', { name: 'Text messages' });
    await log.getByText('Link to Ana Lima by SMS (…0142)').waitFor({ timeout: UI_TIMEOUT_MS });
    await log.getByText('Queued').waitFor();
    await reportDelivery(assignment.sid, 'delivered');
    await page.reload();
    await log.getByText('Delivered').waitFor({ timeout: UI_TIMEOUT_MS });
    await log.scrollIntoViewIfNeeded();
    await screenshot(page, 'run-text-messages-390px');
    expect(await seriousViolations(page, 'run page with its text messages')).toEqual([]);
    // The timeline tells it too.
    await page.getByText('Link sent to Ana Lima by SMS.').waitFor();
    await page.context().close();
  });

  it('shows a text held for the night where the property is, and when it goes', async () => {
    const owner = await harness.owner('flex');
    await ownerRecords(harness.api).grantPlan(owner.userId, 'pro');
    const texts = textCleaners(harness.api, twilioApi, '214');
    const ana = await texts.textedMember(owner, { name: 'Ana Lima', phone: texts.nextNumber(), notify_by: 'sms' });
    const night = zoneAtHour(23);
    const property = (
      await owner.post('/api/properties', { name: 'Dune Cabin', address: '2 Dune Rd', timezone: night })
    ).body as { id: string };
    const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
    const run = (
      await owner.post('/api/runs', {
        property_id: property.id,
        template_id: template.id,
        due_at: new Date(Date.now() + 24 * 3_600_000).toISOString(),
        assigned_to: ana.id,
      })
    ).body as { id: string };

    const page = await harness.newPage(PHONE_390, owner);
    await page.goto(harness.url(`/runs/${run.id}/show`));
    const log = page.getByRole('region', { name: 'Text messages' });
    await log.getByText(/^Held until 8:00 AM \S+ \(quiet hours\)$/).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByText('Link to Ana Lima held for the night: it is texted at 08:00 (property time).').waitFor();
    await page.context().close();
  });
});
