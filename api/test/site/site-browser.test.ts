import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { checklistLibrary, systemTemplates } from '@turnproof/db/seeds';
import { PDFParse } from 'pdf-parse';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureConsoleBuilt } from '../console/console-build.ts';
import { SCREENSHOT_DIR } from '../console/console-harness.ts';
import { seriousViolations } from '../support/axe.ts';
import { signedInOwner } from '../support/browser.ts';
import { closeContexts, sharedChromium } from '../support/shared-chromium.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';

let api: TestApi;
let browser: Browser;
// The library's and the sample report's PDFs are printed by the worker (never by the API).
let worker: WorkerProcess;
beforeAll(async () => {
  ensureConsoleBuilt();
  api = await startTestApi({ env: { SUPPORT_EMAIL: 'support-desk@turnproof.test' } });
  worker = await startWorkerProcess(api);
  browser = await sharedChromium();
  await mkdir(SCREENSHOT_DIR, { recursive: true });
});
afterAll(async () => {
  if (browser) await closeContexts(browser);
  await worker?.stop();
  await api?.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

async function open(pathname: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`page error on ${pathname}: ${error.message}`));
  await page.goto(`${api.baseUrl}${pathname}`);
  return page;
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOT_DIR, `site-${name}.png`), fullPage: true });
const squash = (text: string) => text.replace(/\s+/g, ' ');

const airbnb = systemTemplates[0]!;
const airbnbTasks = airbnb.sections.flatMap((section) => section.tasks);

/** Each public page and what its main content must show a reader, with JavaScript off. */
const MAIN_CONTENT: [string, string[]][] = [
  [
    '/',
    [
      'Proof that every turnover was done right',
      'See sample report',
      'No app for cleaners to install',
      'Proof first, in four steps',
      'Ready-made checklists',
      'Most Used',
      'Hosts who stopped guessing',
      'Simple per-report pricing',
      'Your next turnover, with proof',
      'Frequently asked questions',
    ],
  ],
  ['/pricing', ['Compare plans', 'Reports included', 'Each extra report', '$1.50', '14-day free trial']],
  [
    `/templates/${airbnb.slug}`,
    [airbnb.name, 'Estimated time', 'Get Started Free', ...airbnbTasks.map((task) => task.title)],
  ],
  ['/templates', systemTemplates.map((seed) => seed.name)],
  ['/checklists', [...checklistLibrary.map((entry) => entry.title), 'Download Free', 'more tasks...']],
  ['/privacy', ['Last updated December 31, 2024', '1. Who we are', '10. Your rights and contact']],
  ['/terms', ['1. Acceptance of these terms', '9. Changes and contact']],
  [
    '/turno',
    [
      'Airbnb turnover checklist',
      'Vrbo turnover checklist',
      'Move-in inspection checklist',
      'Move-out inspection checklist',
    ],
  ],
  ['/turno/vrbo', ['When to use it', 'What is inside', 'How to run it as a magic link', 'PDF export']],
  ['/contact', ['Name', 'Email', 'Subject', 'Message', 'frequently asked questions']],
  ['/help', ['Getting started', 'Sending a magic link', 'Working offline', 'Reports', 'Billing and plans', 'Team']],
  ['/features', ['Works offline', 'Photo compression on the phone']],
  ['/demo', ['Open the demo checklist']],
  ['/industries/short-term-rental', ['Turnover checklists for Airbnb and Vrbo hosts']],
  ['/industries/property-management', ['Inspections and turnovers across every unit you manage']],
  ['/industries/move-in-out', ['Move-in and move-out inspections that settle deposits']],
  ['/locations/austin-tx', ['Turnover tips for Austin']],
  ['/locations/miami-fl', ['Turnover tips for Miami']],
];

describe('the public site in Chromium', () => {
  it('shows every public page’s main content with JavaScript disabled', async () => {
    for (const [pathname, texts] of MAIN_CONTENT) {
      const page = await open(pathname, { javaScriptEnabled: false });
      const main = squash(await page.locator('main').innerText());
      for (const text of texts) expect(main, `${pathname}: ${text}`).toContain(text);
      if (['/', '/pricing', '/checklists', `/templates/${airbnb.slug}`].includes(pathname)) {
        await shot(page, `nojs-${pathname === '/' ? 'landing' : pathname.split('/')[1]}`);
      }
      await page.context().close();
    }
  });

  it('follows every link on every public page and on /auth: none answers 4xx or 5xx', async () => {
    const pages = [
      ...MAIN_CONTENT.map(([pathname]) => pathname),
      '/auth',
      ...systemTemplates.map((seed) => `/templates/${seed.slug}`),
    ];
    const links = new Set<string>();
    for (const pathname of pages) {
      const page = await open(pathname);
      if (pathname === '/auth')
        await page
          .getByRole('link', { name: /privacy/i })
          .first()
          .waitFor();
      const hrefs = await page.$$eval('a[href]', (anchors) =>
        anchors.map((anchor) => (anchor as unknown as { href: string }).href),
      );
      for (const href of hrefs) {
        const url = new URL(href);
        if (url.origin !== api.baseUrl) continue;
        url.hash = '';
        links.add(url.toString());
      }
      await page.context().close();
    }
    expect(links.size).toBeGreaterThan(40);
    const broken: string[] = [];
    for (const link of links) {
      const response = await fetch(link);
      if (response.status >= 400) broken.push(`${link} -> ${response.status}`);
    }
    expect(broken).toEqual([]);
  });

  it('has no serious or critical axe-core violation on any public page (desktop), nor on the main ones on a phone', async () => {
    const found: string[] = [];
    const onPhone = ['/', '/pricing', '/checklists', `/templates/${airbnb.slug}`, '/contact'];
    for (const [pathname] of [...MAIN_CONTENT, ['/no-such-page'] as [string]]) {
      for (const [label, options] of [
        ['desktop', {}],
        ...(onPhone.includes(pathname) ? [['phone', PHONE] as const] : []),
      ] as const) {
        const page = await open(pathname, options);
        found.push(
          ...(await seriousViolations(page, `${pathname} ${label}`)).map((line) => `${pathname} ${label}: ${line}`),
        );
        if (label === 'phone' && ['/', '/pricing', '/checklists'].includes(pathname))
          await shot(page, `phone-${pathname.split('/')[1] || 'landing'}`);
        await page.context().close();
      }
    }
    expect(found).toEqual([]);
  }, 400_000);

  it('filters the library by category and downloads a checklist as a PDF', async () => {
    const page = await open('/checklists');
    await page.getByRole('link', { name: 'Bathrooms', exact: true }).click();
    const bathrooms = checklistLibrary.filter((entry) => entry.category === 'Bathrooms').map((entry) => entry.title);
    expect(bathrooms.length).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-library] > li:visible h2').allInnerTexts()).toEqual(bathrooms);
    expect(page.url()).toContain('category=Bathrooms');
    await shot(page, 'library-bathrooms');
    await page.getByRole('link', { name: 'All', exact: true }).click();
    await expect.poll(() => page.locator('[data-library] > li:visible').count()).toBe(16);

    const entry = checklistLibrary[0]!;
    const card = page.locator('[data-library] > li').filter({ has: page.getByRole('heading', { name: entry.title }) });
    const button = card.getByRole('button', { name: `Download Free: ${entry.title}` });
    const download = page.waitForEvent('download');
    await button.click();
    await expect.poll(() => button.innerText()).toBe('Generating PDF...');
    expect(await button.isDisabled()).toBe(true);
    const file = await (await download).path();
    const pdf = await readFile(file);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = squash((await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text);
    expect(text).toContain(entry.title);
    for (const task of entry.taskList) expect(text).toContain(squash(task));
    await expect.poll(() => button.innerText()).toBe('Download Free');
    await page.context().close();
  });

  it('sends the contact form: Sending..., then Message sent! and a cleared form; the mail replies to the sender', async () => {
    const page = await open('/contact');
    const subject = `Browser contact ${Date.now()}`;
    await page.getByLabel('Name').fill('Sam Rivera');
    await page.getByLabel('Email').fill('sam.rivera@example.test');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('Can two cleaners share one run?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Message sent!').waitFor();
    expect(await page.getByLabel('Subject').inputValue()).toBe('');
    await shot(page, 'contact-sent');
    const mail = await api.mailbox.latest('support-desk@turnproof.test', new RegExp(subject));
    expect(mail.replyTo).toBe('sam.rivera@example.test');
    await page.context().close();
  });

  it('rotates the testimonials every 5 seconds, one at a time', async () => {
    const page = await open('/');
    const visible = () => page.locator('[data-slide]:visible').allInnerTexts();
    await expect.poll(async () => (await visible()).length).toBe(1);
    const first = await visible();
    await page.mouse.move(0, 0);
    await expect.poll(visible, { timeout: 8000 }).not.toEqual(first);
    await page.context().close();
  });

  it('sends signed-out visitors of a console route to /auth, and serves the sample report from the hero', async () => {
    const page = await open('/dashboard');
    await page.waitForURL(/\/auth/);
    await page.context().close();
    const landing = await open('/');
    const href = await landing.getByRole('link', { name: 'See sample report' }).getAttribute('href');
    const response = await fetch(`${api.baseUrl}${href}`);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    await landing.context().close();
  });

  it("preselects the template a visitor chose on its public page ('Get Started Free') in the owner's wizard", async () => {
    const page = await open('/templates/move-in-inspection-checklist');
    await page.getByRole('link', { name: 'Get Started Free' }).click();
    await page.waitForURL(/\/auth\?mode=sign-up&template=move-in-inspection-checklist$/);
    await page.getByLabel('Full Name').waitFor();
    // The visitor's account (signed up through the API), on Flex with one property, signed in on this browser.
    const owner = await signedInOwner(api);
    await owner.post('/api/onboarding/plan', { plan_key: 'flex' });
    await owner.post('/api/properties', { name: 'Harbor Flat', address: '1 Harbor Way, Portland, ME' });
    const [name, value] = owner.cookie.split('=');
    await page.context().addCookies([{ name: name!, value: value!, url: api.baseUrl }]);
    await page.goto(`${api.baseUrl}/runs/create?type=move_in`);
    await page.getByRole('combobox', { name: 'Property' }).click();
    await page.getByRole('option', { name: /Harbor Flat/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    const chosen = page.getByRole('radio', { name: /Move-In Inspection Checklist\s*Default template/ });
    await expect.poll(() => chosen.isChecked()).toBe(true);
    await shot(page, 'wizard-chosen-template');
    await page.context().close();
  });
});
