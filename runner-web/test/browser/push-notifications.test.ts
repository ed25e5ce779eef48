// The service workers show a push: Chromium delivers a message (DevTools' ServiceWorker.deliverPushMessage,
// as a push service would) to the runner's worker and to the console's, and the page reads the notification
// it shows. Headless Chromium reaches no real push service, so subscribing may fail here: the console then
// says so, and storing subscriptions is tested through the API (api/test/push/web-push.test.ts).
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureBuilt as ensureRunnerBuilt } from './runner-build.ts';
import {
  startConsoleHarness,
  type ConsoleHarness,
  PHONE_390,
  UI_TIMEOUT_MS,
} from '../../../api/test/console/console-harness.ts';
import { Cleaner, completeThroughMagicLink } from '../../../api/test/runner/cleaner.ts';
import { propertyWithOneTask, turnoverAt } from '../../../api/test/support/mail-language.ts';
import { vapidEnv } from '../../../api/test/support/push-service.ts';

let harness: ConsoleHarness;

beforeAll(async () => {
  ensureRunnerBuilt();
  harness = await startConsoleHarness({ worker: true, api: { env: vapidEnv() } });
}, 180_000);
afterAll(() => harness?.close());

/** Delivers `payload` to the page's origin's service worker whose scope is `scope`, as a push service would. */
async function deliverPush(context: BrowserContext, page: Page, scope: string, payload: object) {
  const session = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  session.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) registrations.set(registration.scopeURL, registration.registrationId);
  });
  await session.send('ServiceWorker.enable');
  await expect.poll(() => registrations.get(scope), { timeout: UI_TIMEOUT_MS }).toBeDefined();
  await session.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(scope).origin,
    registrationId: registrations.get(scope)!,
    data: JSON.stringify(payload),
  });
}

/** The titles of the notifications the worker of `scope` shows. */
const notificationTitles = (page: Page, scope: string) =>
  page.evaluate(async (scopeUrl) => {
    const registration = await navigator.serviceWorker.getRegistration(scopeUrl);
    return ((await registration?.getNotifications()) ?? []).map((notification) => notification.title);
  }, scope);

it("shows a push in the runner's service worker", async () => {
  const owner = await harness.owner();
  const place = await propertyWithOneTask(harness.api, owner, 'Casa Gaviota', 'Clean the oven');
  const run = await turnoverAt(owner, place);
  const page = await harness.newPage(PHONE_390);
  const context = page.context();
  await context.grantPermissions(['notifications'], { origin: harness.api.baseUrl });
  await page.goto(run.magic_link);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: UI_TIMEOUT_MS });
  const scope = harness.url('/r/');

  await deliverPush(context, page, scope, {
    title: 'New job: Casa Gaviota',
    body: 'Due Jan 20, 2027, 5:00 PM GMT+1. Tap to open the checklist.',
    url: run.magic_link,
    tag: `run-${run.id}-assigned`,
  });
  await expect
    .poll(() => notificationTitles(page, scope), { timeout: UI_TIMEOUT_MS })
    .toEqual(['New job: Casa Gaviota']);
  await context.close();
});

it("offers 'Notify me of my next job' on a done run's last card, and says how it went", async () => {
  const owner = await harness.owner();
  const place = await propertyWithOneTask(harness.api, owner, 'Casa Gaviota', 'Clean the oven');
  const run = await turnoverAt(owner, place);
  await completeThroughMagicLink(Cleaner.fromLink(run.magic_link));
  const page = await harness.newPage(PHONE_390);
  await page.context().grantPermissions(['notifications'], { origin: harness.api.baseUrl });
  await page.goto(run.magic_link);
  await page.getByRole('button', { name: 'Notify me of my next job' }).click();
  // Headless Chromium may reach no push service: the cleaner reads that, or that it is on.
  const said = page.getByRole('status').filter({ hasText: /next job will show up|could not be turned on/ });
  await said.waitFor();
  expect([
    'Done: your next job will show up as a notification on this phone.',
    'Notifications could not be turned on in this browser. Your jobs still come by message.',
  ]).toContain(await said.textContent());
  await page.context().close();
});

it("shows a push in the console's service worker, registered when the host turns notifications on", async () => {
  const owner = await harness.owner();
  const page = await harness.newPage(undefined, owner);
  const context = page.context();
  await context.grantPermissions(['notifications'], { origin: harness.api.baseUrl });
  await page.goto(harness.url('/settings'));
  const toggle = page.getByRole('switch', { name: /Browser notifications/ });
  await toggle.click();
  // Subscribing needs a push service headless Chromium cannot reach: the console says it could not, or is on.
  await expect
    .poll(
      async () =>
        (await page.getByText('This browser could not turn notifications on').count()) > 0 ||
        (await toggle.isChecked()),
      { timeout: UI_TIMEOUT_MS },
    )
    .toBe(true);
  const scope = harness.url('/');

  await deliverPush(context, page, scope, {
    title: 'High-severity issue: Casa Gaviota',
    body: 'Water leaking under the sink.',
    url: harness.url('/runs'),
    tag: 'run-issues',
  });
  await expect
    .poll(() => notificationTitles(page, scope), { timeout: UI_TIMEOUT_MS })
    .toEqual(['High-severity issue: Casa Gaviota']);
  await context.close();
});
