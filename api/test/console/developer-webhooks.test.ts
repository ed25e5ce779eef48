import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completedRun } from '../support/completed-run.ts';
import { seriousViolations } from '../support/axe.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { signatureVerifies, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import {
  type ConsoleHarness,
  DESKTOP,
  PHONE_390,
  screenshot,
  startConsoleHarness,
  UI_TIMEOUT_MS,
} from './console-harness.ts';

/** Issue 26 point 3 in real Chromium: Settings > Developers adds a webhook endpoint, shows its deliveries, resends. */
let harness: ConsoleHarness;
let receiver: WebhookReceiver;
beforeAll(async () => {
  harness = await startConsoleHarness({
    worker: true,
    api: {
      env: { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' },
      webhookDurations: { firstRetryMs: 500, maxRetryIntervalMs: 1_000, giveUpAfterMs: 10_000 },
    },
  });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await harness?.close();
  await receiver?.close();
});

describe('Settings > Developers > Webhooks', () => {
  it('on a phone: a key shown once, an endpoint with its secret shown once, its delivery, and Resend', async () => {
    const owner = await harness.owner('flex');
    await ownerRecords(harness.api).grantPlan(owner.userId, 'pro');
    const page = await harness.newPage(PHONE_390, owner);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.api.baseUrl });
    await page.goto(harness.url('/settings'));

    const keys = page.getByRole('region', { name: 'Developers' });
    await keys.waitFor({ timeout: UI_TIMEOUT_MS });
    await keys.getByLabel('Name').fill('Channel manager');
    await keys.getByRole('button', { name: 'Create key' }).click();
    const keyNotice = keys.locator('[data-new-api-key]');
    const key = (await keyNotice.locator('code').textContent()) ?? '';
    expect(key).toMatch(/^tp_live_/);
    await keyNotice.getByRole('button', { name: 'I have copied it' }).click();
    await keys.getByRole('row', { name: /Channel manager/ }).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.content()).not.toContain(key.slice(12));

    const hooks = page.getByRole('region', { name: 'Webhooks' });
    expect(await hooks.getByText('No webhook endpoints yet.').count()).toBe(1);
    await hooks.getByLabel('Endpoint URL').fill(receiver.url);
    expect(await hooks.getByRole('checkbox', { name: 'run.completed' }).isChecked()).toBe(true);
    await hooks.getByRole('button', { name: 'Add endpoint' }).click();
    const secretNotice = hooks.locator('[data-new-webhook-secret]');
    await secretNotice.waitFor({ timeout: UI_TIMEOUT_MS });
    const secret = (await secretNotice.locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    await secretNotice.getByRole('button', { name: 'Copy secret' }).click();
    await page.getByText('Secret copied').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);
    await screenshot(page, 'developers-webhook-secret-390');
    await secretNotice.getByRole('button', { name: 'I have copied it' }).click();
    expect(await page.content()).not.toContain(secret);

    const run = await completedRun(owner, 'Hook House');
    const deliveries = hooks.getByRole('list', { name: `Deliveries to ${receiver.url}` });
    const row = deliveries.getByRole('listitem').filter({ hasText: 'run.completed' });
    await row.getByText('Delivered (1 attempt)').waitFor({ timeout: 60_000 });
    expect(await row.textContent()).toContain('Answered 200');
    const [first] = receiver.received.filter((delivery) => delivery.event.data.run?.id === run.id);
    expect(signatureVerifies(secret, first!.signature, first!.raw)).toBe(true);
    await screenshot(page, 'developers-webhook-delivered-390');
    expect(await seriousViolations(page, 'developers with a webhook delivery')).toEqual([]);

    await row.getByRole('button', { name: 'Resend' }).click();
    await page.getByText('Sending again').waitFor({ timeout: UI_TIMEOUT_MS });
    await row.getByText('Delivered (2 attempts)').waitFor({ timeout: 60_000 });
    const sent = receiver.received.filter((delivery) => delivery.event.data.run?.id === run.id);
    expect(sent.map((delivery) => delivery.event.id)).toEqual([first!.event.id, first!.event.id]);
    await screenshot(page, 'developers-webhook-resent-390');
    await page.context().close();

    const desktop = await harness.newPage(DESKTOP, owner);
    await desktop.goto(harness.url('/settings'));
    const desktopRow = desktop
      .getByRole('region', { name: 'Webhooks' })
      .getByRole('listitem')
      .filter({ hasText: 'run.completed' })
      .getByText('Delivered (2 attempts)');
    await desktopRow.waitFor({ timeout: UI_TIMEOUT_MS });
    await screenshot(desktop, 'developers-webhooks-desktop');
    await desktop.context().close();
  }, 240_000);
});
