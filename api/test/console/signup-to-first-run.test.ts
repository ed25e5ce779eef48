import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBillingState } from '../support/billing-state.ts';
import { Browser, uniqueEmail } from '../support/browser.ts';
import { linkIn } from '../support/mailbox.ts';
import {
  type ConsoleHarness,
  DESKTOP,
  type Owner,
  PHONE_390,
  screenshot,
  startConsoleHarness,
  UI_TIMEOUT_MS,
} from './console-harness.ts';
import { moveTaskWithKeyboard } from './journey-steps.ts';

/**
 * Issue 23 point 9 in real Chromium, at 390 px and on the desktop: the confirmation link signs the host
 * in, one onboarding checklist, a cleaner's accepted invitation lands on a page for cleaners, the
 * Checklists menu opens the host's own checklists (system templates as a second tab), and the editor
 * keeps the template's rooms and reorders by drag and drop and by keyboard.
 */

let harness: ConsoleHarness;
beforeAll(async () => {
  harness = await startConsoleHarness();
});
afterAll(() => harness?.close());

const visible = (locator: Locator) => locator.waitFor({ timeout: UI_TIMEOUT_MS });
const DEVICES = [
  ['desktop', DESKTOP],
  ['390px', PHONE_390],
] as const;

/** No sideways scrolling on the screen. */
const fitsWidth = async (page: Page) =>
  (await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')) <= 0;

describe('the confirmation link signs the host in', () => {
  for (const [name, device] of DEVICES) {
    it(`opens onboarding signed in, with one setup checklist, on ${name}`, async () => {
      const email = uniqueEmail('confirm');
      const signUp = await new Browser(harness.api.baseUrl).post('/api/auth/signup', {
        email,
        password: harness.password,
        full_name: 'Maria Gomez',
      });
      expect(signUp.status).toBe(201);
      const page = await harness.newPage(device);
      await page.goto(await harness.confirmationLink(email));

      // In the console straight away: the welcome, no sign-in form, nothing typed again.
      await page.waitForURL(harness.url('/onboarding'), { timeout: UI_TIMEOUT_MS });
      await visible(page.getByRole('heading', { name: 'Welcome to Turnproof, Maria Gomez!' }));
      expect(await page.getByLabel(/^Password/).count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `signup-confirmed-onboarding-${name}`);

      // Onboarding's checklist, the only one.
      await page.getByRole('button', { name: 'Get Started' }).click();
      await page.getByRole('button', { name: 'Continue with free trial' }).click();
      const setup = page.getByRole('region', { name: "Let's Set Up Your Account" });
      await visible(setup);
      expect(await setup.textContent()).toContain('1 of 4 completed');
      await screenshot(page, `signup-onboarding-checklist-${name}`);

      // The dashboard shows the same checklist, once, and no second one.
      await page.waitForURL(harness.url('/dashboard'), { timeout: UI_TIMEOUT_MS });
      await visible(page.getByRole('heading', { name: 'Welcome, Maria!' }));
      await visible(setup);
      expect(await setup.textContent()).toContain('1 of 4 completed');
      expect(await page.getByRole('region', { name: "Let's Set Up Your Account" }).count()).toBe(1);
      expect(await page.getByText('Onboarding Checklist').count()).toBe(0);
      expect(await page.getByLabel('Setup progress').count()).toBe(1);
      await screenshot(page, `signup-dashboard-one-checklist-${name}`);

      // The link is spent: opened again it signs nobody in, it sends the browser to sign in.
      const other = await harness.newPage(device);
      await other.goto(await harness.confirmationLink(email));
      await other.waitForURL((url) => url.pathname === '/auth', { timeout: UI_TIMEOUT_MS });
      await visible(other.getByText('Email confirmed. You can sign in now.'));
      await other.context().close();
      await page.context().close();
    });
  }
});

describe("a cleaner's accepted invitation", () => {
  let host: Owner;
  beforeAll(async () => {
    host = await harness.owner('flex');
    await setBillingState(harness.api, host.userId, { plan_key: 'pro', plan_status: 'active' });
  });

  for (const [name, device] of DEVICES) {
    it(`lands on a page for cleaners with their schedule link, never a sign-in form, on ${name}`, async () => {
      const email = uniqueEmail(`rosa-${name}`);
      expect((await host.post('/api/team', { email, name: 'Rosa Martinez', role: 'Cleaner' })).status).toBe(201);
      const page = await harness.newPage(device);
      await page.goto(linkIn(await harness.api.mailbox.latest(email, /invited you/)));
      await visible(page.getByRole('heading', { name: 'Join the team on Turnproof' }));
      await screenshot(page, `invitation-open-${name}`);
      await page.getByRole('button', { name: 'Accept the invitation' }).click();

      await visible(page.getByRole('heading', { name: "You joined Test Owner's team" }));
      await visible(page.getByRole('heading', { name: 'What Turnproof is' }));
      await visible(page.getByText('No app to install and no account or password needed.', { exact: false }));
      expect(await page.getByText(/sign in/i).count()).toBe(0);
      expect(await page.locator('input[type="password"]').count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `invitation-welcome-${name}`);

      // A reload shows the same page (the acceptance was a POST, then this page).
      await page.reload();
      await visible(page.getByRole('heading', { name: "You joined Test Owner's team" }));

      // Their schedule link opens their schedule.
      const open = page.getByRole('link', { name: 'Open my schedule' });
      expect(await open.getAttribute('href')).toMatch(/\/c\/[\w-]{43}$/);
      await open.click();
      await visible(page.getByRole('heading', { name: "Rosa Martinez's schedule" }));
      await screenshot(page, `invitation-schedule-${name}`);
      const team = (await host.get('/api/team')).body as { email: string; status: string }[];
      expect(team.find((member) => member.email === email)?.status).toBe('active');
      await page.context().close();
    });
  }
});

describe('the Checklists menu and the checklist editor', () => {
  let host: Owner;
  let propertyId = '';
  beforeAll(async () => {
    host = await harness.owner('flex');
    const property = await host.post('/api/properties', { name: 'Ocean Breeze Condo', address: '1200 Collins Ave' });
    expect(property.status).toBe(201);
    propertyId = property.body.id as string;
  });

  const turnoverIn = async () =>
    (
      (await host.get(`/api/checklists?filter=${encodeURIComponent(JSON.stringify({ property_id: propertyId }))}`))
        .body as { id: string; name: string; tasks: { title: string; section: string | null }[] }[]
    ).find((checklist) => checklist.name === 'Airbnb Turnover Cleaning Checklist')!;

  for (const [name, device] of DEVICES) {
    it(`opens the host's own checklists, with the system templates as a second tab, on ${name}`, async () => {
      const page = await harness.newPage(device, host);
      if (name === 'desktop') {
        await page.goto(harness.url('/dashboard'));
        await page.getByRole('link', { name: 'Checklists' }).first().click();
      } else {
        await page.goto(harness.url('/templates'));
      }
      await page.waitForURL((url) => url.pathname === '/templates', { timeout: UI_TIMEOUT_MS });
      expect(await page.getByRole('tab', { name: 'My checklists' }).getAttribute('aria-selected')).toBe('true');
      const property = page.getByRole('region', { name: 'Ocean Breeze Condo' });
      for (const checklist of [
        'Airbnb Turnover Cleaning Checklist',
        'Move-In Inspection Checklist',
        'Move-Out Inspection Checklist',
      ]) {
        await visible(property.getByRole('article', { name: checklist }));
      }
      await visible(property.getByRole('link', { name: 'Edit checklist Airbnb Turnover Cleaning Checklist' }));
      // No upsell to someone already in the product.
      expect(await page.getByText('Start Free Trial').count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `checklists-mine-${name}`);

      await page.getByRole('tab', { name: 'System templates' }).click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'system', { timeout: UI_TIMEOUT_MS });
      await visible(page.getByRole('article', { name: 'Vrbo Turnover Checklist' }).getByText('View only'));
      expect(await page.getByRole('article').count()).toBe(8);
      expect(await page.getByRole('link', { name: /^Edit/ }).count()).toBe(0);
      await screenshot(page, `checklists-system-${name}`);
      await page.context().close();
    });
  }

  it("keeps the template's rooms and reorders by keyboard and by drag and drop (desktop)", async () => {
    const page = await harness.newPage(DESKTOP, host);
    await page.goto(harness.url('/templates'));
    await page.getByRole('link', { name: 'Edit checklist Airbnb Turnover Cleaning Checklist' }).click();
    await page.waitForURL(/\/checklists\/[0-9a-f-]+\/edit$/, { timeout: UI_TIMEOUT_MS });

    // The template's rooms are the editor's sections.
    await visible(page.getByRole('heading', { level: 3, name: 'Arrival & Initial Check (5)' }));
    const rooms = await page.locator('section[data-section] h3').allTextContents();
    expect(rooms.slice(0, 3)).toEqual(['Arrival & Initial Check (5)', 'Kitchen (8)', 'Bathrooms (7)']);
    const arrival = page.getByRole('region', { name: 'Arrival & Initial Check' });
    const titles = (section: Locator) => section.locator('li h4').allTextContents();
    expect((await titles(arrival)).at(-1)).toBe('Strip all beds and start the first laundry load');
    await screenshot(page, 'checklist-editor-rooms-desktop');

    // Keyboard: Space picks the task up, arrows move it, Space drops it.
    await moveTaskWithKeyboard(page, 'Strip all beds and start the first laundry load', 'ArrowUp', 3);
    await expect
      .poll(() => titles(arrival), { timeout: UI_TIMEOUT_MS })
      .toEqual([
        'Photograph the unit on arrival before touching anything',
        'Strip all beds and start the first laundry load',
        'Check for guest damage or missing items',
        'Collect items left behind by guests',
        'Open windows to air out the unit',
      ]);
    await visible(page.getByText('Task order saved').first());

    // Drag and drop with the mouse: the kitchen's last task to the kitchen's top.
    const kitchen = page.getByRole('region', { name: 'Kitchen' });
    const handle = kitchen.getByRole('button', { name: 'Move "Photograph the finished kitchen"' });
    const target = kitchen.getByRole('button', { name: /^Move "Empty and run the dishwasher/ });
    await handle.scrollIntoViewIfNeeded();
    const from = (await handle.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 });
    const to = (await target.boundingBox())!;
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 5, { steps: 20 });
    await page.waitForTimeout(300);
    await page.mouse.up();
    await expect
      .poll(async () => (await titles(kitchen))[0], { timeout: UI_TIMEOUT_MS })
      .toBe('Photograph the finished kitchen');

    // What the API keeps: the new orders, each room still one block.
    await expect
      .poll(async () => (await turnoverIn()).tasks.slice(0, 6).map((task) => task.title), { timeout: UI_TIMEOUT_MS })
      .toEqual([
        'Photograph the unit on arrival before touching anything',
        'Strip all beds and start the first laundry load',
        'Check for guest damage or missing items',
        'Collect items left behind by guests',
        'Open windows to air out the unit',
        'Photograph the finished kitchen',
      ]);

    // A new task goes into the room picked for it.
    const addForm = page.getByRole('form', { name: 'Add task' });
    await addForm.getByLabel('Task title').fill('Check the bathroom fan');
    await addForm.getByLabel('Section (room)').fill('Bathrooms');
    await addForm.getByRole('button', { name: 'Add Task' }).click();
    const bathrooms = page.getByRole('region', { name: 'Bathrooms' });
    await expect
      .poll(async () => (await titles(bathrooms)).at(-1), { timeout: UI_TIMEOUT_MS })
      .toBe('Check the bathroom fan');
    const stored = (await turnoverIn()).tasks.find((task) => task.title === 'Check the bathroom fan');
    expect(stored?.section).toBe('Bathrooms');
    await screenshot(page, 'checklist-editor-after-moves-desktop');
    await page.context().close();
  });

  it('reorders by keyboard and names what Create waits for at 390 px', async () => {
    const page = await harness.newPage(PHONE_390, host);
    const checklist = await turnoverIn();
    await page.goto(harness.url(`/properties/${propertyId}/checklists/${checklist.id}/edit`));
    const bathrooms = page.getByRole('region', { name: 'Bathrooms' });
    await visible(bathrooms.getByRole('heading', { level: 3, name: /^Bathrooms \(\d+\)$/ }));
    const titles = () => bathrooms.locator('li h4').allTextContents();
    const before = await titles();
    const last = before.at(-1)!;
    await moveTaskWithKeyboard(page, last, 'ArrowUp', 1);
    await expect.poll(titles, { timeout: UI_TIMEOUT_MS }).toEqual([...before.slice(0, -2), last, before.at(-2)!]);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'checklist-editor-rooms-390px');

    // The property's New Checklist dialog says what its disabled button waits for.
    await page.goto(harness.url(`/properties/${propertyId}/checklists`));
    await page.getByRole('button', { name: 'New Checklist' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Checklist' });
    const create = dialog.getByRole('button', { name: 'Create Checklist' });
    expect(await create.isDisabled()).toBe(true);
    await visible(dialog.getByText('Add a name and choose a type to create.'));
    await dialog.getByLabel('Checklist Name').fill('Pool check');
    await visible(dialog.getByText('Choose a type to create.'));
    await screenshot(page, 'checklist-create-waiting-390px');
    await dialog.getByRole('combobox', { name: 'Checklist Type' }).click();
    await page.getByRole('option', { name: 'Safety' }).click();
    expect(await create.isDisabled()).toBe(false);
    expect(await dialog.getByText(/to create\.$/).count()).toBe(0);
    await page.context().close();
  });
});
