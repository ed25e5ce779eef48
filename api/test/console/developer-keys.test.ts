import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyClient } from '../support/api-key-client.ts';
import { seriousViolations } from '../support/axe.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { type ConsoleHarness, DESKTOP, screenshot, startConsoleHarness, UI_TIMEOUT_MS } from './console-harness.ts';

/** Issue 26 point 1 in real Chromium: Settings > Developers makes a key, shows it once, lists and revokes it. */
let harness: ConsoleHarness;
beforeAll(async () => {
  harness = await startConsoleHarness();
});
afterAll(() => harness?.close());

describe('Settings > Developers', () => {
  it('creates a key shown once with Copy, lists it without the secret, and revokes it after a confirmation', async () => {
    const owner = await harness.owner('flex');
    await ownerRecords(harness.api).grantPlan(owner.userId, 'pro');
    const page = await harness.newPage(DESKTOP, owner);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.api.baseUrl });
    await page.goto(harness.url('/settings'));
    const section = page.getByRole('region', { name: 'Developers' });
    await section.waitFor({ timeout: UI_TIMEOUT_MS });
    // The list loads after the section shows.
    await section.getByText('No API keys yet.').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await section.getByRole('link', { name: 'Read the API reference' }).getAttribute('href')).toBe(
      '/developers',
    );

    await section.getByLabel('Name').fill('Channel manager');
    await section.getByLabel('Access').click();
    await page.getByRole('option', { name: 'Read and write' }).click();
    await section.getByRole('button', { name: 'Create key' }).click();
    const notice = section.locator('[data-new-api-key]');
    await notice.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await notice.textContent()).toContain('you will not see it again');
    const shown = (await notice.locator('code').textContent()) ?? '';
    expect(shown).toMatch(/^tp_live_[\w-]{43}$/);
    await notice.getByRole('button', { name: 'Copy key' }).click();
    await page.getByText('Key copied').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(shown);
    await screenshot(page, 'developers-new-key');
    expect(await seriousViolations(page, 'developers with a new key')).toEqual([]);

    // The copied key works on its own, as an integration would use it.
    const integration = keyClient(harness.api, shown);
    expect((await integration.get('/api/v1/properties')).status).toBe(200);

    await notice.getByRole('button', { name: 'I have copied it' }).click();
    expect(await page.getByText(shown).count()).toBe(0);
    const row = section.getByRole('row', { name: /Channel manager/ });
    await row.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await row.textContent()).toContain(`${shown.slice(0, 12)}…`);
    expect(await row.textContent()).toContain('Read and write');
    expect(await page.content()).not.toContain(shown.slice(12));
    await screenshot(page, 'developers-key-list');

    await row.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke "Channel manager"?' });
    await dialog.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await dialog.textContent()).toContain('stops working at once');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Key revoked').waitFor({ timeout: UI_TIMEOUT_MS });
    await section.getByText('No API keys yet.').waitFor({ timeout: UI_TIMEOUT_MS });
    expect((await integration.get('/api/v1/properties')).status).toBe(401);
    await page.context().close();
  });

  it('shows a plan below Pro the upgrade card instead of the keys', async () => {
    const owner = await harness.owner('flex');
    const page = await harness.newPage(DESKTOP, owner);
    await page.goto(harness.url('/settings'));
    const lock = page.locator('[data-feature-lock="Developers"]');
    await lock.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await lock.textContent()).toContain('Upgrade to Pro to use the API');
    expect(await page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    await screenshot(page, 'developers-locked');
    await page.context().close();
  });
});
