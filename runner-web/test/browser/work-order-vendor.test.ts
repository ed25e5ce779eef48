import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureBuilt as ensureRunnerBuilt } from './runner-build.ts';
import {
  startConsoleHarness,
  type ConsoleHarness,
  PHONE_390,
  screenshot,
  UI_TIMEOUT_MS,
} from '../../../api/test/console/console-harness.ts';
import { Cleaner, cameraPhoto } from '../../../api/test/runner/cleaner.ts';
import { propertyWithOneTask, turnoverAt } from '../../../api/test/support/mail-language.ts';

/**
 * A work order at 390 px, as people do it: the host makes it from a cleaner's issue in one click, the
 * vendor opens the link with no account, adds a photo of the fix and the cost, the host approves it in the
 * console, and the next turnover's cleaner sees the repair as fixed.
 */

let harness: ConsoleHarness;
beforeAll(async () => {
  ensureRunnerBuilt();
  harness = await startConsoleHarness();
}, 180_000);
afterAll(() => harness?.close());

it('goes from an issue to a vendor who completes it from the link with a photo, and the host approves', async () => {
  const owner = await harness.owner();
  const place = await propertyWithOneTask(harness.api, owner, 'Casa Gaviota', 'Check the bedroom');
  const run = await turnoverAt(owner, place);
  const cleaner = Cleaner.fromLink(run.magic_link);
  const task = (await cleaner.openRun()).body.run.tasks[0];
  const stored = await cleaner.storePhoto(task.id, await cameraPhoto('broken fan'));
  const reported = await cleaner.http.post('/api/public/issue', {
    token: cleaner.token,
    action_id: randomUUID(),
    runTaskId: task.id,
    severity: 'medium',
    description: 'Ceiling fan does not turn',
    media: [stored.reserved.body.path],
  });
  expect(reported.status).toBe(201);

  // The host: one click on the issue opens the form filled in from it.
  const host = await harness.newPage(PHONE_390, owner);
  await host.goto(harness.url(`/runs/${run.id}/show`));
  await host.getByRole('link', { name: 'Create work order' }).click();
  await expect
    .poll(() => host.locator('input[name="title"]').inputValue(), { timeout: UI_TIMEOUT_MS })
    .toBe('Ceiling fan does not turn');
  await host.locator('input[name="vendor_name"]').fill('Fix-It Fred');
  await host.locator('input[name="cost_limit"]').fill('200');
  await screenshot(host, 'work-order-create-390');
  await host.getByRole('button', { name: 'Save' }).click();
  await host.getByText('Vendor link').waitFor({ timeout: UI_TIMEOUT_MS });
  const link = (await host.getByText(/\/w\/[A-Za-z0-9_-]{43}$/).textContent())!.trim();
  await screenshot(host, 'work-order-sent-390');

  // The vendor: no account, a phone, the link.
  const vendor = await harness.newPage(PHONE_390);
  await vendor.goto(link);
  await vendor.getByRole('heading', { name: 'Ceiling fan does not turn' }).waitFor();
  await expect(vendor.getByText('Casa Gaviota')).toBeTruthy();
  await expect.poll(() => vendor.locator('.photos img').count()).toBe(1);
  await vendor
    .locator('#photo-input')
    .setInputFiles({ name: 'fixed.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto('fixed fan') });
  await vendor.locator('#fix-photos img').waitFor({ timeout: UI_TIMEOUT_MS });
  await vendor.getByLabel('Note for the host').fill('Replaced the pull switch');
  await vendor.getByLabel('Cost (USD)').fill('85.50');
  await expect(await vendor.locator('#cost-limit').textContent()).toContain('$200.00');
  await screenshot(vendor, 'work-order-vendor-390');
  await vendor.getByRole('button', { name: 'Mark as done' }).click();
  await vendor.getByText('Done. Thank you! The host has been told.').waitFor({ timeout: UI_TIMEOUT_MS });
  await screenshot(vendor, 'work-order-vendor-done-390');

  // The host approves it in the console.
  await host.reload();
  await host.getByText('Replaced the pull switch').waitFor({ timeout: UI_TIMEOUT_MS });
  expect(await host.locator('#work-order-cost').textContent()).toContain('$85.50');
  await host.getByRole('button', { name: 'Approve' }).click();
  await host.getByText('Approved', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
  await screenshot(host, 'work-order-approved-390');
  const [order] = (await owner.get('/api/work-orders')).body;
  expect(order).toMatchObject({ status: 'approved', cost_cents: 8_550 });
  expect((await owner.get(`/api/work-orders/${order.id}`)).body.photos).toHaveLength(1);

  // The next turnover's cleaner sees the repair as fixed.
  const next = await turnoverAt(owner, place);
  const runner = await harness.newPage(PHONE_390);
  await runner.goto(next.magic_link);
  await runner.getByText('Fixed: Ceiling fan does not turn').waitFor({ timeout: UI_TIMEOUT_MS });
  await screenshot(runner, 'work-order-fixed-runner-390');
});
