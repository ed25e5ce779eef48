import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ConsoleHarness } from '../../../../api/test/console/console-harness.ts';
import { linkIn } from '../../../../api/test/support/mailbox.ts';
import { currentTaskIs, pickCameraPhoto, UI_TIMEOUT_MS } from '../runner-harness.ts';
import { SYNC_TIMEOUT_MS } from './journey-kit.ts';

/**
 * The cleaner's steps in the runner, each driving the phone's screen and checking what the cleaner
 * sees on the way; shared by the journeys.
 */

/** The link in the assignment mail the cleaner received for `propertyName`. */
export async function linkFromAssignmentMail(harness: ConsoleHarness, email: string, propertyName: string) {
  const mail = await harness.api.mailbox.latest(email, new RegExp(` at ${propertyName}$`), 30_000);
  return { link: linkIn(mail), mail };
}

/**
 * The cleaner opens the team invitation from their mail on their phone and accepts it: they land on
 * the page for cleaners (never a sign-in form), with their schedule link.
 */
export async function acceptInvitation(page: Page, harness: ConsoleHarness, email: string): Promise<void> {
  await page.goto(linkIn(await harness.api.mailbox.latest(email, /invited you/)));
  await page.getByRole('button', { name: 'Accept the invitation' }).click();
  await page.getByRole('heading', { name: /^You joined .+'s team$/ }).waitFor({ timeout: UI_TIMEOUT_MS });
  await page.getByRole('link', { name: 'Open my schedule' }).waitFor({ timeout: UI_TIMEOUT_MS });
  expect(await page.locator('input[type="password"]').count()).toBe(0);
}

/**
 * Opens the link and waits for the run's first screen and for the service worker to control the page
 * (what lets the runner keep working with no signal).
 */
export async function openLink(page: Page, link: string, checklistName: string): Promise<void> {
  await page.goto(link);
  await page.getByRole('heading', { level: 1, name: checklistName }).waitFor({ timeout: UI_TIMEOUT_MS });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: UI_TIMEOUT_MS })
    .toBe(true);
}

/** The 'Getting in' box of the first screen: the access code and each line of the notes. */
export async function expectGettingIn(page: Page, accessCode: string, notes: readonly string[]): Promise<void> {
  const access = page.getByRole('group').filter({ hasText: 'Getting in' });
  await access.getByText(accessCode, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
  for (const line of notes) await access.getByText(line).waitFor();
}

/**
 * Does the current task `title`: adds `photos` camera photos (waiting, when online, until the phone
 * says each is uploaded), then Complete Task. Answers the task's card.
 */
export async function doTask(page: Page, title: string, photos: string[] = [], online = true): Promise<Locator> {
  const card = await currentTaskIs(page, title);
  const complete = card.getByRole('button', { name: 'Complete Task' });
  if (photos.length > 0) expect(await complete.isDisabled()).toBe(true);
  for (const [index, seed] of photos.entries()) {
    await pickCameraPhoto(card, 'Add photos or video', seed);
    await card.getByText(new RegExp(`^Photos: ${index + 1} / \\d+ required`)).waitFor({ timeout: UI_TIMEOUT_MS });
  }
  if (photos.length > 0 && online) {
    await expect
      .poll(() => card.getByText('File uploaded successfully').count(), { timeout: SYNC_TIMEOUT_MS })
      .toBe(photos.length);
  }
  await complete.click({ timeout: UI_TIMEOUT_MS });
  return card;
}

/** Report an issue on the current task `task`: severity, what is wrong, one photo; sent from the dialog. */
export async function reportIssue(
  page: Page,
  task: string,
  issue: { severity: 'Low' | 'Medium' | 'High'; note: string; photoSeed: string },
): Promise<void> {
  const card = await currentTaskIs(page, task);
  await card.getByRole('button', { name: 'Report an issue' }).click({ timeout: UI_TIMEOUT_MS });
  const dialog = page.getByRole('dialog', { name: `Report an issue: ${task}` });
  await dialog.waitFor({ timeout: UI_TIMEOUT_MS });
  await dialog.getByRole('radio', { name: issue.severity }).check();
  await dialog.getByLabel('What is wrong?').fill(issue.note);
  await pickCameraPhoto(dialog, 'Add photos', issue.photoSeed);
  await dialog.getByText('1 photo added').waitFor({ timeout: UI_TIMEOUT_MS });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
}

/** The toast (a status) that says `text`. */
export const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).first().waitFor({ timeout: UI_TIMEOUT_MS });

/**
 * Starts noting every moment the final card says something waits to upload while the phone is online
 * (the card may only say so offline); `waitingSeen` answers what it noted.
 */
export async function watchFinalCard(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { waitingSeen: seen });
    new MutationObserver(() => {
      const text = document.querySelector('[aria-labelledby="run-complete-title"]')?.textContent ?? '';
      if (navigator.onLine && text.includes('Waiting to upload')) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

export const waitingSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { waitingSeen: string[] }).waitingSeen);

/** All Tasks Complete, then Mark Run as Complete: the final card and the server's answer. */
export async function markRunComplete(page: Page): Promise<Locator> {
  await page.getByRole('heading', { name: 'All Tasks Complete' }).waitFor({ timeout: SYNC_TIMEOUT_MS });
  await page.getByRole('button', { name: 'Mark Run as Complete' }).click({ timeout: UI_TIMEOUT_MS });
  const final = page.getByRole('region', { name: 'Run Complete' });
  await final.waitFor({ timeout: UI_TIMEOUT_MS });
  await final.getByText('Thank you! The host has been notified.').waitFor();
  await toast(page, 'Run completed successfully!');
  return final;
}
