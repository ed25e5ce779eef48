import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  openControlledRun,
  PHONE_390,
  screenshot,
  screenshotOnFailure,
  TASKS,
  UI_TIMEOUT_MS,
  useRunnerHarness,
} from './runner-harness.ts';

/**
 * What the cleaner needs to get in: the property's access code and notes show on the runner's first
 * screen, rendered by the server (no JavaScript needed) and from the device's copy offline; a revoked
 * link, the public verification page and the API's log show neither.
 */

const logLines: string[] = [];
const harness = useRunnerHarness({
  logStream: new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  }),
});

const ACCESS_CODE = 'Lockbox 4821';
const NOTES = ['Park in bay 12 behind the building.', 'Clean linens are in the hall closet.'];
const PROPERTY = { access_code: ACCESS_CODE, notes: NOTES.join('\n') };

/** Neither the code nor a line of the notes is in `text`. */
function expectNoAccess(text: string) {
  expect(text).not.toContain(ACCESS_CODE);
  for (const line of NOTES) expect(text).not.toContain(line);
}

describe('the access code and notes in the runner', () => {
  it('shows them on the first screen with JavaScript off, and offline from the device’s copy', async () => {
    const run = await harness().newRun(TASKS, PROPERTY);
    const noScript = await harness().phone.browser.newContext({ ...PHONE_390, javaScriptEnabled: false });
    try {
      const page = await noScript.newPage();
      expect((await page.goto(run.magic_link))?.status()).toBe(200);
      const access = page.getByRole('group').filter({ hasText: 'Getting in' });
      await access.getByText(ACCESS_CODE, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      for (const line of NOTES) await access.getByText(line).waitFor();
      // On the first screen: above the fold of a 390 x 844 phone, with the first task's heading.
      const code = await access.getByText(ACCESS_CODE, { exact: true }).boundingBox();
      expect(code!.y + code!.height).toBeLessThan(844);
      await screenshot(page, 'access-no-js');
    } finally {
      await noScript.close();
    }

    const phone = await harness().phone.browser.newContext(PHONE_390);
    const page = await phone.newPage();
    await screenshotOnFailure(
      page,
      'access-offline-failed',
      async () => {
        await openControlledRun(page, run.magic_link);
        await phone.setOffline(true);
        await page.reload();
        await page.getByRole('heading', { level: 1, name: 'Quick Turnover' }).waitFor({ timeout: UI_TIMEOUT_MS });
        const access = page.getByRole('group').filter({ hasText: 'Getting in' });
        await access.getByText(ACCESS_CODE, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
        for (const line of NOTES) await access.getByText(line).waitFor();
        await screenshot(page, 'access-offline');
      },
      () => phone.close(),
    );
  });

  it('leaves them out of a revoked link’s page, the public verification page and the API’s log', async () => {
    const { owner, newRun } = harness();
    const run = await newRun(TASKS, PROPERTY);
    const token = new URL(run.magic_link).pathname.split('/').pop()!;
    const origin = new URL(run.magic_link).origin;
    // The live link has them, in its page and in the API's answer.
    expect(await (await fetch(run.magic_link)).text()).toContain(ACCESS_CODE);
    const live = await fetch(`${origin}/api/public/run?token=${token}`);
    expect((await live.json()).run.property).toMatchObject({ access_code: ACCESS_CODE, notes: PROPERTY.notes });

    const verifyPage = await fetch(`${origin}/verify/${run.id}`);
    expect(verifyPage.status).toBe(200);
    expectNoAccess(await verifyPage.text());
    const verifyApi = await fetch(`${origin}/api/public/verify/${run.id}`);
    expect(verifyApi.status).toBe(200);
    expectNoAccess(await verifyApi.text());

    expect((await owner.delete(`/api/runs/${run.id}/link`)).status).toBe(200);
    const revoked = await fetch(run.magic_link);
    expect(revoked.status).toBe(410);
    const revokedPage = await revoked.text();
    expect(revokedPage).toContain('Invalid Magic Link');
    expectNoAccess(revokedPage);
    const revokedApi = await fetch(`${origin}/api/public/run?token=${token}`);
    expect(revokedApi.status).toBe(410);
    expectNoAccess(await revokedApi.text());

    // The request log of both tests: the pages and the API calls that carried them are there, they are not.
    const log = logLines.join('');
    expect(log).toContain('"path":"/r/:secret"');
    expect(log).toContain('"path":"/api/public/run"');
    expectNoAccess(log);
  });
});
