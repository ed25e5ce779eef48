import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { setBillingState } from '../support/billing-state.ts';
import { uniqueEmail } from '../support/browser.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { startStripeMock, type StripeMock } from '../support/stripe-mock.ts';
import {
  type ConsoleHarness,
  DESKTOP,
  type Owner,
  PHONE_390,
  screenshot,
  startConsoleHarness,
  UI_TIMEOUT_MS,
} from './console-harness.ts';
import { confirmFromMail, fillSignUpForm, openSignUpForm, submitSignUp } from './journey-steps.ts';

/**
 * Issue 16 in real Chromium, on the desktop and at 390 px: /payment-success verifying the session id
 * Stripe (stripe-mock) made for the owner, the analytics Filter and Recent Activity, the promo code at
 * sign-up, and a report download that fails.
 */

let stripeMock: StripeMock;
let harness: ConsoleHarness;
let records: ReturnType<typeof ownerRecords>;
beforeAll(async () => {
  stripeMock = await startStripeMock();
  harness = await startConsoleHarness({ worker: true, api: { env: stripeMock.env } });
  records = ownerRecords(harness.api);
});
afterAll(async () => {
  await harness?.close();
  await stripeMock?.close();
});

const DEVICES = [
  ['desktop', DESKTOP],
  ['390px', PHONE_390],
] as const;

/** How many pixels the page is wider than the window (a string: this project's Node typings have no DOM). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');

/** Checkout through the API (Stripe is stripe-mock): the session id Stripe puts in the success URL. */
async function checkoutSession(owner: Owner, planKey = 'starter'): Promise<string> {
  const checkout = await owner.post('/api/stripe/checkout', { planKey });
  expect(checkout.status).toBe(200);
  const [row] = await harness.api.orm.em.getConnection().execute<{ session_id: string }[]>(
    `select details->>'session_id' as session_id from user_activity
        where user_id = ? and activity_type = 'checkout_started' order by created_at desc limit 1`,
    [owner.userId],
  );
  return row!.session_id;
}

/** Milliseconds from "You're all set!" to the dashboard. */
/**
 * Notes, on the page's own clock, when "You're all set!" appears and when the console has gone on to
 * /dashboard: a busy test process that sees the heading late would otherwise measure a shorter wait.
 */
const WATCH_REDIRECT = `(() => {
  const marks = (window.__redirect = {});
  new MutationObserver(() => {
    if (marks.shown === undefined && [...document.querySelectorAll('h1')].some((h) => h.textContent.includes("You're all set!")))
      marks.shown = performance.now();
    if (marks.shown !== undefined && marks.left === undefined && location.pathname === '/dashboard')
      marks.left = performance.now();
  }).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/** A page that notes when it shows "You're all set!" and when it leaves for the dashboard (see redirectDelay). */
async function paymentPage(device: BrowserContextOptions, owner: Owner): Promise<Page> {
  const page = await harness.newPage(device, owner);
  await page.addInitScript({ content: WATCH_REDIRECT });
  return page;
}

/** How long the page showed "You're all set!" (saying 'Preparing your dashboard...') before opening the dashboard. */
async function redirectDelay(page: Page): Promise<number> {
  await page.getByRole('heading', { name: "You're all set!" }).waitFor({ timeout: 30_000 });
  await page.getByText('Preparing your dashboard...').waitFor();
  await page.waitForURL(harness.url('/dashboard'), { timeout: UI_TIMEOUT_MS });
  const marks = await page.waitForFunction(() => {
    const { shown, left } = (globalThis as unknown as { __redirect: { shown?: number; left?: number } }).__redirect;
    return shown !== undefined && left !== undefined && { shown, left };
  });
  const { shown, left } = (await marks.jsonValue()) as { shown: number; left: number };
  return left - shown;
}

describe('back from Stripe checkout', () => {
  for (const [name, device] of DEVICES) {
    it(`verifies its session id with the server, waits for the plan, then opens the dashboard 2 s later (${name})`, async () => {
      const host = await harness.owner('no-plan');
      const sessionId = await checkoutSession(host);
      const page = await paymentPage(device, host);
      const checks: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/api/stripe/checkout-sessions/')) checks.push(pathname);
      });
      await page.goto(harness.url(`/payment-success?session_id=${sessionId}`));
      await page.getByRole('heading', { name: 'Confirming your payment...' }).waitFor();
      await screenshot(page, `payment-confirming-${name}`);
      // The check on arrival found no plan; the page waits 2 s, then checks every 3 s.
      await expect.poll(() => checks.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      expect(new Set(checks)).toEqual(new Set([`/api/stripe/checkout-sessions/${sessionId}`]));
      // What the billing workflow writes once Stripe's webhook arrives.
      await setBillingState(harness.api, host.userId, { plan_key: 'starter', plan_status: 'active' });
      const delay = await redirectDelay(page);
      expect(delay).toBeGreaterThanOrEqual(1_700);
      expect(delay).toBeLessThan(4_000);
      expect((await host.get('/api/auth/session')).body.access.onboarding_completed).toBe(true);
      // Stripe was asked for this very session.
      expect(stripeMock.requestsTo(`/v1/checkout/sessions/${sessionId}`, 'GET').length).toBeGreaterThanOrEqual(2);
      await page.context().close();
    });
  }

  it("goes on after 1 s when the plan was already on as the host came back (the post-checkout page's variant)", async () => {
    for (const [name, device] of DEVICES) {
      const host = await harness.owner('no-plan');
      const sessionId = await checkoutSession(host, 'pro');
      await setBillingState(harness.api, host.userId, { plan_key: 'pro', plan_status: 'active' });
      const page = await paymentPage(device, host);
      await page.goto(harness.url(`/payment-success?session_id=${sessionId}`));
      await page.getByRole('heading', { name: "You're all set!" }).waitFor();
      await screenshot(page, `payment-all-set-${name}`);
      const delay = await redirectDelay(page);
      expect(delay).toBeLessThan(1_700);
      expect((await host.get('/api/auth/session')).body.access.onboarding_completed).toBe(true);
      await page.context().close();
    }
  });

  it("refuses another owner's session id and a missing one, and offers the way back", async () => {
    const owner = await harness.owner('no-plan');
    const someoneElses = await checkoutSession(await harness.owner('no-plan'));
    for (const [name, device] of DEVICES) {
      const page = await harness.newPage(device, owner);
      await page.goto(harness.url(`/payment-success?session_id=${someoneElses}`));
      await page.getByRole('heading', { name: 'We could not confirm this payment' }).waitFor();
      await page.getByText('Checkout session not found.').waitFor();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `payment-not-yours-${name}`);
      expect(await seriousViolations(page, `payment refused ${name}`)).toEqual([]);
      await page.context().close();
    }
    const page = await harness.newPage(DESKTOP, owner);
    await page.goto(harness.url('/payment-success'));
    await page.getByText('This page needs the checkout session from Stripe (session_id).').waitFor();
    await page.getByRole('button', { name: 'View Plans & Billing' }).click();
    await page.waitForURL((url) => url.pathname !== '/payment-success');
    await page.context().close();
  });

  it('says the payment is being confirmed once the five re-checks found no plan, and checks no more', async () => {
    const host = await harness.owner('no-plan');
    const sessionId = await checkoutSession(host);
    const page = await harness.newPage(DESKTOP, host);
    const checks: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/stripe/checkout-sessions/')) checks.push(Date.now());
    });
    await page.goto(harness.url(`/payment-success?session_id=${sessionId}`));
    await page.getByRole('heading', { name: 'Confirming your payment...' }).waitFor();
    // On arrival, 2 s later, then every 3 s five times: about 17 s in all.
    await page.getByRole('heading', { name: 'Payment received' }).waitFor({ timeout: 30_000 });
    await page.getByText('Your payment is being confirmed. Your plan will appear on your dashboard shortly.').waitFor();
    expect(checks).toHaveLength(7);
    const gaps = checks.slice(1).map((at, index) => at - checks[index]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(1_800);
    expect(gaps[0]).toBeLessThan(2_900);
    for (const gap of gaps.slice(1)) expect(gap).toBeGreaterThanOrEqual(2_800);
    await page.waitForTimeout(4_000);
    expect(checks).toHaveLength(7); // no more checks once the retries are spent
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await page.waitForURL((url) => url.pathname !== '/payment-success');
    await page.context().close();
  });
});

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

/** A pro owner: two turnovers at Lakeview Cabin (an issue each) and a move-out at Harbor Flat, with their activity. */
async function ownerWithHistory(): Promise<Owner> {
  const owner = await harness.owner('flex');
  await records.grantPlan(owner.userId, 'pro');
  const lakeview = await records.property(owner.userId, 'Lakeview Cabin');
  const harbor = await records.property(owner.userId, 'Harbor Flat');
  const db = harness.api.orm.em.getConnection();
  for (const [property, name, type, endedAgo] of [
    [lakeview, 'Lakeview Cabin', 'turnover', 1 * DAY],
    [lakeview, 'Lakeview Cabin', 'turnover', 2 * DAY],
    [harbor, 'Harbor Flat', 'move_out', 3 * DAY],
  ] as const) {
    const ended_at = ago(endedAgo);
    const started_at = new Date(ended_at.getTime() - 40 * 60 * 1000);
    const run = await records.run(property, {
      status: 'completed',
      type,
      created_at: started_at,
      started_at,
      ended_at,
    });
    if (property === lakeview) await records.alert(run.runId, 'high', ended_at);
    await db.execute(
      `insert into user_activity (id, user_id, activity_type, details, created_at) values (gen_random_uuid(), ?, 'run_completed', ?, ?)`,
      [
        owner.userId,
        JSON.stringify({ run_id: run.runId, property_name: name, checklist_name: `${type} list` }),
        ended_at,
      ],
    );
  }
  return owner;
}

const metric = (page: Page, label: string) => page.getByRole('article', { name: label });
const recentActivity = (page: Page) => page.getByRole('region', { name: 'Recent Activity' });

/** Opens the Filter panel, picks an option of one of its selects, and closes the panel (it hides the page meanwhile). */
async function filterBy(page: Page, label: string, option: string, screenshotName?: string) {
  await page.getByRole('button', { name: 'Filter' }).click();
  const panel = page.getByRole('dialog', { name: 'Filter analytics' });
  await panel.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
  if (screenshotName) await screenshot(page, screenshotName);
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden' });
  await page.waitForTimeout(300); // the panel's fade-out, so screenshots show the page alone
}

describe('the analytics Filter and Recent Activity', () => {
  for (const [name, device] of DEVICES) {
    it(`filters every figure by property and run type, on the server, and lists the recent activity (${name})`, async () => {
      const owner = await ownerWithHistory();
      const page = await harness.newPage(device, owner);
      await page.goto(harness.url('/analytics'));
      await expect.poll(() => metric(page, 'Runs completed').textContent(), { timeout: UI_TIMEOUT_MS }).toContain('3');
      await recentActivity(page).getByText('Inspection run completed: Harbor Flat · move_out list').waitFor();
      expect(await recentActivity(page).getByRole('listitem').count()).toBe(3);

      const asked: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/analytics') asked.push(url.search);
      });
      await filterBy(page, 'Property', 'Harbor Flat');
      await expect.poll(() => metric(page, 'Runs completed').textContent()).toMatch(/^Runs completed1/);
      expect(await metric(page, 'Issues').textContent()).toContain('High 0');
      expect(asked.at(-1)).toMatch(/property_id=[0-9a-f-]{36}/);
      await expect.poll(() => recentActivity(page).getByRole('listitem').count()).toBe(1);
      await page.getByRole('listitem').filter({ hasText: 'Property: Harbor Flat' }).waitFor();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `analytics-filtered-${name}`);
      expect(await seriousViolations(page, `analytics filtered ${name}`)).toEqual([]);

      // Turnovers at Harbor Flat: none.
      await filterBy(page, 'Run type', 'Turnover', `analytics-filter-panel-${name}`);
      await page.getByText('No runs match this filter in the last 30 days.').waitFor();
      expect(await metric(page, 'Runs completed').textContent()).toMatch(/^Runs completed0/);
      await recentActivity(page).getByText('No activity in the last 30 days.').waitFor();

      // Turnovers everywhere: Lakeview's two, with their issues.
      await filterBy(page, 'Property', 'All properties');
      await expect.poll(() => metric(page, 'Runs completed').textContent()).toMatch(/^Runs completed2/);
      expect(await metric(page, 'Issues').textContent()).toContain('High 2');
      expect(await recentActivity(page).getByRole('listitem').count()).toBe(2);
      await page.getByRole('listitem').filter({ hasText: 'Run type: Turnover' }).waitFor();
      // A chip's delete icon removes its filter.
      await page.getByRole('listitem').filter({ hasText: 'Run type: Turnover' }).locator('.MuiChip-deleteIcon').click();
      await expect.poll(() => metric(page, 'Runs completed').textContent()).toMatch(/^Runs completed3/);
      await page.context().close();
    });
  }
});

describe('the promo code at sign-up', () => {
  for (const [name, device] of DEVICES) {
    it(`applies a code typed at sign-up: the new account shows its free reports (${name})`, async () => {
      const page = await harness.newPage(device);
      const email = uniqueEmail('promo-host');
      await page.goto(harness.url('/auth'));
      await openSignUpForm(page);
      await fillSignUpForm(page, { fullName: 'Pat Promo', email, password: harness.password });
      await page.getByLabel('Promo code (optional)').fill('turnproof5');
      expect(await page.getByLabel('Promo code (optional)').inputValue()).toBe('TURNPROOF5');
      await screenshot(page, `sign-up-promo-form-${name}`);
      await submitSignUp(page);
      await page.getByText('Promo code applied: 5 free reports added.').waitFor();
      await screenshot(page, `sign-up-promo-applied-${name}`);
      expect(await seriousViolations(page, `sign-up promo ${name}`)).toEqual([]);

      await confirmFromMail(page, harness, email);
      await page.waitForURL((url) => url.pathname !== '/auth', { timeout: UI_TIMEOUT_MS });
      await page.goto(harness.url('/subscription'));
      await page
        .getByRole('region', { name: 'Have a promo code?' })
        .getByText('5 free reports left from promo codes')
        .waitFor({ timeout: 30_000 });
      await screenshot(page, `sign-up-promo-credits-${name}`);
      await page.context().close();
    });
  }

  it('creates the account with an invalid code and says why the code was not applied', async () => {
    const page = await harness.newPage(PHONE_390);
    await page.goto(harness.url('/auth'));
    await openSignUpForm(page);
    await fillSignUpForm(page, { fullName: 'Pat Typo', email: uniqueEmail('typo'), password: harness.password });
    await page.getByLabel('Promo code (optional)').fill('turnproof50');
    await submitSignUp(page);
    await page.getByText(/Promo code TURNPROOF50 was not applied: Invalid promo code\./).waitFor();
    await screenshot(page, 'sign-up-promo-invalid-390px');
    await page.context().close();
  });
});

describe('a report download that fails', () => {
  for (const [name, device] of DEVICES) {
    it(`downloads the PDF, and says 'Download Failed' when the file cannot be had (${name})`, async () => {
      const owner = await harness.owner('flex');
      const property = await records.property(owner.userId, `Dune House ${name}`);
      const ended_at = ago(HOUR);
      const run = await records.run(property, { status: 'completed', started_at: ago(2 * HOUR), ended_at });
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
      const stored = await records.report(run.runId, pdf);

      const page = await harness.newPage(device, owner);
      await page.goto(harness.url('/runs'));
      const card = page.getByRole('article', { name: `Dune House ${name}` });
      const download = page.waitForEvent('download');
      await card.getByRole('button', { name: 'Download PDF Report' }).click();
      expect((await download).suggestedFilename()).toBe('report.pdf');

      // The stored file is gone (a storage fault): the next download fails, and the host is told.
      await harness.api.storage.remove(stored);
      const lost = await owner.get(`/api/runs/${run.runId}/reports/1/pdf`);
      expect(lost.status).toBe(404);
      expect(lost.body.error).toEqual(expect.any(String));
      await card.getByRole('button', { name: 'Download', exact: true }).click();
      await page.getByText('Download Failed: Failed to download report. Please try again.').waitFor();
      await screenshot(page, `report-download-failed-${name}`);
      await page.context().close();
    });
  }
});
