import { User } from '@turnproof/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, DESKTOP, PHONE_390, screenshot, startConsoleHarness } from './console-harness.ts';

/**
 * Rows of the spec-against-code review (spec-gaps.md) as the host meets them: Settings' 'Verified' is the
 * API's answer, the wizard's share step says 'Inspection run created successfully', and the templates
 * screen's list comes newest first.
 */

let harness: ConsoleHarness;
beforeAll(async () => {
  harness = await startConsoleHarness();
});
afterAll(() => harness?.close());

const DEVICES = [
  [DESKTOP, 'desktop'],
  [PHONE_390, '390'],
] as const;

describe('Settings: the e-mail’s Verified', () => {
  it('comes from GET /api/subscription: Verified for a confirmed address, Not verified otherwise', async () => {
    for (const [device, label] of DEVICES) {
      const owner = await harness.owner('flex');
      expect((await owner.get('/api/subscription')).body.verified).toBe(true);
      const page = await harness.newPage(device, owner);
      await page.goto(harness.url('/settings'));
      const security = page.getByRole('region', { name: 'Account Security' });
      await security.getByText('Verified', { exact: true }).waitFor();
      await screenshot(page, `settings-verified-${label}`);

      // The account's confirmation withdrawn (as support would): Settings says so, rather than assume it.
      await harness.api.orm.em.fork().nativeUpdate(User, { id: owner.userId }, { email_confirmed_at: null });
      expect((await owner.get('/api/subscription')).body.verified).toBe(false);
      await page.reload();
      await security.getByText('Not verified', { exact: true }).waitFor();
      expect(await security.getByText('Verified', { exact: true }).count()).toBe(0);
      await page.context().close();
    }
  });
});

describe('the New Inspection wizard', () => {
  it('says ‘Inspection run created successfully’ on its share step', async () => {
    for (const [device, label] of DEVICES) {
      const owner = await harness.owner('flex');
      await owner.post('/api/properties', { name: 'Gap Cottage', address: '3 Gap Lane' });
      const page = await harness.newPage(device, owner);
      await page.goto(harness.url('/runs/create?type=turnover'));
      await page.getByRole('combobox', { name: 'Property' }).click();
      await page.getByRole('option', { name: /Gap Cottage/ }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: 'Create Inspection' }).click();
      await page.getByText('Inspection run created successfully').waitFor();
      await page.getByLabel('Link for the cleaner').waitFor();
      await screenshot(page, `wizard-created-successfully-${label}`);
      await page.context().close();
    }
  });
});

describe('the templates screen’s list', () => {
  it('is newest first: system templates, then the host’s own by creation, the latest on top', async () => {
    const owner = await harness.owner('flex');
    for (const name of ['Alpha turnover', 'Zulu turnover', 'Mike turnover']) {
      expect((await owner.post('/api/templates', { name, kind: 'turnover' })).status).toBe(201);
    }
    const sort = encodeURIComponent(JSON.stringify(['created_at', 'DESC']));
    const listed = (await owner.get(`/api/templates?sort=${sort}`)).body as { name: string; source: string }[];
    const own = listed.filter((template) => template.source !== 'system').map((template) => template.name);
    expect(own).toEqual(['Mike turnover', 'Zulu turnover', 'Alpha turnover']);
    expect(listed.findIndex((template) => template.source !== 'system')).toBe(
      listed.filter((template) => template.source === 'system').length,
    );
    // A sort field the list does not have is the client's mistake, named.
    const bad = await owner.get(`/api/templates?sort=${encodeURIComponent(JSON.stringify(['secret', 'DESC']))}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual(expect.any(String));
  });
});

describe('a plan picked on the public pricing cards', () => {
  it('is marked as the visitor’s choice on onboarding’s plan step', async () => {
    for (const [device, label] of DEVICES) {
      const page = await harness.newPage(device);
      // The pricing card's link (site/src/links.ts planLink), before the visitor has an account.
      await page.goto(harness.url('/auth?mode=sign-up&plan=starter'));
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      await expect.poll(() => page.evaluate("localStorage.getItem('turnproof_chosen_plan')")).toBe('starter');

      // Signed up and signed in (through the API here), the host is onboarded in this browser.
      const owner = await harness.owner('no-plan');
      const [name, value] = owner.cookie.split('=');
      await page.context().addCookies([{ name: name!, value: value!, url: harness.url('/') }]);
      await page.goto(harness.url('/onboarding'));
      const getStarted = page.getByRole('button', { name: 'Get Started' });
      const plans = page.getByRole('heading', { name: 'Choose Your Perfect Plan' });
      await getStarted.or(plans).first().waitFor();
      if (await getStarted.isVisible()) await getStarted.click();
      await plans.waitFor();
      const starter = page.locator('.MuiCard-root', { has: page.getByRole('heading', { name: 'Starter' }) });
      await starter.getByText('Your choice').waitFor();
      expect(await page.getByText('Your choice').count()).toBe(1);
      await starter.scrollIntoViewIfNeeded();
      await screenshot(page, `onboarding-chosen-plan-${label}`);
      await page.context().close();
    }
  });
});
