import { describe, expect, it } from 'vitest';
import { PHONE } from './chromium.ts';
import {
  INVALID_LINK_TEXT,
  openControlledRun,
  screenshot,
  screenshotOnFailure,
  useRunnerHarness,
  TASKS,
  UI_TIMEOUT_MS,
} from './runner-harness.ts';

/**
 * The runner's first screen comes from the server: /r/{token} and /run/{token} answer the run's page
 * rendered with react-dom/server, which React then hydrates without asking for the run again.
 */

const harness = useRunnerHarness();

describe('the runner rendered on the server', () => {
  it('shows the run title and its tasks with JavaScript disabled, on both forms of the link', async () => {
    const run = await harness().newRun();
    const context = await harness().phone.browser.newContext({ ...PHONE, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      for (const link of [run.magic_link, run.magic_link.replace('/r/', '/run/')]) {
        const response = await page.goto(link);
        expect(response?.status()).toBe(200);
        expect(response?.headers()['cache-control']).toBe('no-store');
        await page.getByRole('heading', { level: 1, name: 'Quick Turnover' }).waitFor({ timeout: UI_TIMEOUT_MS });
        const current = page.getByRole('region', { name: TASKS[0].title });
        await current.getByRole('heading', { level: 2, name: TASKS[0].title }).waitFor();
        const allTasks = page.getByRole('region', { name: 'All Tasks' });
        for (const task of TASKS) await allTasks.getByText(task.title).waitFor();
        expect(await page.getByText('Loading checklist...').count()).toBe(0);
      }
      await screenshot(page, 'server-rendered-no-js');
    } finally {
      await context.close();
    }
  });

  it('hydrates without a warning and without asking for the run again', async () => {
    const run = await harness().newRun();
    const context = await harness().phone.browser.newContext(PHONE);
    const page = await context.newPage();
    const messages: string[] = [];
    const runRequests: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
    });
    page.on('pageerror', (error) => messages.push(error.message));
    page.on('request', (request) => {
      if (request.url().includes('/api/public/run?')) runRequests.push(request.url());
    });
    await screenshotOnFailure(
      page,
      'server-rendered-hydration-failed',
      async () => {
        await openControlledRun(page, run.magic_link);
        // The first screen needed no request for the run (a sync after a write later asks for it again).
        expect(runRequests).toEqual([]);
        // Hydrated: the server's Complete Task button now works.
        const current = page.getByRole('region', { name: TASKS[0].title });
        await current.getByRole('button', { name: 'Complete Task' }).click({ timeout: UI_TIMEOUT_MS });
        await page
          .getByRole('region', { name: TASKS[1].title })
          .getByRole('heading', { level: 2, name: TASKS[1].title })
          .waitFor({ timeout: UI_TIMEOUT_MS });
        expect(messages).toEqual([]);
      },
      () => context.close(),
    );
  });

  it('renders the page in the language of the switch (its cookie), else of Accept-Language', async () => {
    const run = await harness().newRun();
    const french = await fetch(run.magic_link, { headers: { 'Accept-Language': 'fr-CH, fr;q=0.9, en;q=0.8' } });
    const frenchPage = await french.text();
    expect(frenchPage).toContain('<html lang="fr"');
    expect(frenchPage).toContain('Toutes les tâches');
    const spanish = await fetch(run.magic_link, {
      headers: { 'Accept-Language': 'fr', Cookie: 'turnproof-runner-language=es' },
    });
    expect(await spanish.text()).toContain('<html lang="es"');
  });

  it('answers the Invalid Magic Link screen with 404 for an unknown link and 410 once revoked', async () => {
    const run = await harness().newRun();
    const origin = new URL(run.magic_link).origin;
    const unknown = await fetch(`${origin}/r/not-a-real-token`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('cache-control')).toBe('no-store');
    const unknownPage = await unknown.text();
    expect(unknownPage).toContain('Invalid Magic Link');
    expect(unknownPage).toContain(INVALID_LINK_TEXT);

    const revoked = await harness().owner.delete(`/api/runs/${run.id}/link`);
    expect(revoked.status).toBe(200);
    const context = await harness().phone.browser.newContext({ ...PHONE, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const response = await page.goto(run.magic_link.replace('/r/', '/run/'));
      expect(response?.status()).toBe(410);
      await page.getByRole('heading', { name: 'Invalid Magic Link' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText(INVALID_LINK_TEXT).waitFor();
    } finally {
      await context.close();
    }
  });
});
