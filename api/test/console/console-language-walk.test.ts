import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameraPhoto, Cleaner } from '../runner/cleaner.ts';
import { setBillingState } from '../support/billing-state.ts';
import { type ConsoleHarness, DESKTOP, type Owner, screenshot, startConsoleHarness } from './console-harness.ts';
import { expectTranslated, shownText } from './page-checks.ts';

/**
 * Every screen of the console in Spanish and in French: no message key shows raw (react-admin's `ra.`,
 * `resources.`, the console's `tp.`), and the English texts each screen used to show are gone.
 */

let harness: ConsoleHarness;
let host: Owner;
let propertyId: string;
let runId: string;
let checklistId: string;
beforeAll(async () => {
  harness = await startConsoleHarness();
  host = await harness.owner('flex');
  // Pro: the analytics and team screens open rather than their lock screens.
  await setBillingState(harness.api, host.userId, { plan_key: 'pro', plan_status: 'active', trial_ends_at: null });
  propertyId = (await host.post('/api/properties', { name: 'Casa Azul', address: 'Calle Mayor 1' })).body.id;
  const template = (await host.get('/api/templates?filter={"kind":"turnover"}')).body[0];
  const run = (await host.post('/api/runs', { property_id: propertyId, type: 'turnover', template_id: template.id }))
    .body;
  runId = run.id;
  // The run page's cards with something in them: a task ticked with its photo, an open issue.
  const cleaner = Cleaner.fromLink(run.magic_link);
  const [task] = (await cleaner.openRun()).body.run.tasks as { id: string }[];
  expect((await cleaner.uploadPhoto(task!.id, await cameraPhoto('walk'))).confirmed?.status).toBe(200);
  expect((await cleaner.tick(task!.id)).status).toBe(200);
  const issue = await cleaner.http.post('/api/public/issue', {
    token: cleaner.token,
    action_id: crypto.randomUUID(),
    runTaskId: task!.id,
    severity: 'medium',
    description: 'Grifo roto',
  });
  expect(issue.status).toBe(201);
  checklistId = (
    await host.get(`/api/checklists?filter=${encodeURIComponent(JSON.stringify({ property_id: propertyId }))}`)
  ).body[0].id;
});
afterAll(() => harness?.close());

/** English the console showed on every screen (its menu and frame) and on each screen of its own. */
const FRAME = ['Dashboard', 'Properties', 'Quick Actions', 'New Property', 'Sign Out', 'Plans and billing', 'Online'];
const SCREENS: { path: () => string; english: string[] }[] = [
  { path: () => '/dashboard', english: ['Welcome', 'Completed Today', 'Recent Activity', 'Plan Usage', 'Your Team'] },
  { path: () => '/runs', english: ['Inspection Runs', 'All runs', 'Sort by', 'tasks done', 'Unassigned', 'Open run'] },
  {
    path: () => `/runs/${runId}/show`,
    english: [
      'Change status',
      'Due time and assignee',
      'Mark Run as Complete',
      'checked, received by server',
      'photo 1 of 1',
      'medium severity',
      'Make follow-up run',
      'Report versions',
      'No report yet',
      'Timeline',
      'Usually the next check-in',
    ],
  },
  {
    path: () => '/runs/create',
    english: ['Inspection Type', 'Property Details', 'Template Selection', 'Between guests', 'Create New Inspection'],
  },
  { path: () => '/properties', english: ['Add Property', 'Showing 1 of 1 properties', 'Checklists of Casa Azul'] },
  { path: () => `/properties/${propertyId}/checklists`, english: ['New Checklist', 'Start Inspection'] },
  { path: () => '/templates', english: ['My checklists', 'Create New Template', 'System templates'] },
  { path: () => '/team', english: ['No team members yet', 'Invite a team member'] },
  { path: () => '/restock', english: ['Nothing to restock', 'Every counted supply is at par'] },
  {
    path: () => `/properties/${propertyId}`,
    english: ['What this property keeps on hand', 'No supplies yet', 'Add supply'],
  },
  { path: () => '/analytics', english: ['Runs completed', 'Average duration', 'Runs per property', 'Last 30 days'] },
  { path: () => '/timesheets', english: ['Timesheets', 'Download CSV', 'No completed runs in this period'] },
  { path: () => '/settings', english: ['Account Security', 'Change Password', 'Language & Region', 'Dispatch'] },
  { path: () => '/profile', english: ['Professional Profile', 'Quick Stats', 'Public Profile', 'Overview'] },
  { path: () => '/subscription', english: ['Plans & Billing', "What's Included", 'Pick a plan', 'Have a promo code?'] },
  {
    path: () => `/properties/${propertyId}/checklists/${checklistId}/edit`,
    english: ['Checklist Editor', 'Tasks (', 'Add Task', 'Required photos', 'Drag a task', 'Task title', 'Move "'],
  },
];

describe.each([
  { language: 'es', locale: 'es-ES', settings: 'Ajustes' },
  { language: 'fr', locale: 'fr-FR', settings: 'Paramètres' },
])('the console in $language', ({ language, locale, settings }) => {
  it('shows every screen without a message key or the English it replaced', async () => {
    expect((await host.put('/api/profile', { language })).status).toBe(200);
    const page = await harness.newPage({ ...DESKTOP, locale }, host);
    for (const screen of SCREENS) {
      const path = screen.path();
      await page.goto(harness.url(path), { waitUntil: 'domcontentloaded' });
      await page.getByRole('link', { name: settings }).first().waitFor();
      await page.waitForLoadState('networkidle');
      // Whole phrases: single words such as 'Inspections' or 'Inspect' are French too, or part of it.
      expectTranslated(await shownText(page), [...FRAME, ...screen.english], `${path} in ${language}`);
      await screenshot(page, `language-walk-${language}${path.replace(/\//g, '-').replace(/-[0-9a-f-]{36}/g, '-id')}`);
    }
    await page.context().close();
  });
});
