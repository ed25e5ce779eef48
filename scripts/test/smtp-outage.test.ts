// Issue 18, part 3: with the SMTP server unreachable, a completed run's report is ready in the console at
// once with 'Mail pending'; the mail goes out once SMTP is back, exactly once. (Ten minutes of outage
// scaled to about forty seconds: the mail step retries with capped back-off and no attempt cap.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startConsoleHarness, type ConsoleHarness } from '../../api/test/console/console-harness.ts';
import { runCard } from '../../api/test/console/journey-steps.ts';
import { Cleaner } from '../../api/test/runner/cleaner.ts';
import { sleep } from './support/outage-load.ts';
import { newRunBody, photoFreeChecklist } from './support/photo-free-runs.ts';
import { startTcpSwitch } from './support/tcp-switch.ts';

const OUTAGE_MS = 40_000;

let smtp: Awaited<ReturnType<typeof startTcpSwitch>>;
let harness: ConsoleHarness;

beforeAll(async () => {
  smtp = await startTcpSwitch();
  harness = await startConsoleHarness({ worker: true, api: { env: { SMTP_URL: smtp.url('smtp') } } });
  smtp.forwardTo(harness.api.mailbox.url);
});
afterAll(async () => {
  await harness?.close();
  await smtp?.close();
});

describe('the SMTP server unreachable when a run completes', () => {
  it("shows the report ready with 'Mail pending' at once, and mails it exactly once when SMTP is back", async () => {
    const owner = await harness.owner('flex');
    const source = await photoFreeChecklist(owner, 'Seabreeze Cottage');
    const run = (await owner.post('/api/runs', newRunBody(source))).body;
    const cleaner = Cleaner.fromLink(run.magic_link);
    for (const task of (await cleaner.openRun()).body.run.tasks) {
      expect((await cleaner.tick(task.id)).status).toBe(200);
    }

    await smtp.off();
    const outageStarted = Date.now();
    expect((await cleaner.complete()).status).toBe(200);

    const page = await harness.newPage(undefined, owner);
    await page.goto(harness.url('/runs'));
    const card = runCard(page, 'Seabreeze Cottage');
    await card.getByRole('button', { name: 'Download PDF Report' }).click();
    await card.getByText(/^Mail pending/).waitFor({ timeout: 90_000 });
    const readyAfterMs = Date.now() - outageStarted;
    await screenshot(page, 'report-mail-pending');
    const [pending] = (await owner.get(`/api/runs/${run.id}/reports`)).body;
    expect(pending).toMatchObject({
      status: 'ready',
      mail_status: 'pending',
      mail_error: 'The mail server cannot be reached right now; Turnproof keeps trying.',
    });
    console.log(`report ready ${readyAfterMs} ms after completion, mail pending: ${pending.mail_error}`);

    const subject = /^Inspection report: Seabreeze Cottage/;
    const reportMails = () => harness.api.mailbox.received.filter((mail) => subject.test(mail.subject));
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - outageStarted)));
    expect(reportMails()).toHaveLength(0);
    await smtp.on();
    const backAt = Date.now();
    const mail = await harness.api.mailbox.latest(owner.email, subject, 90_000);
    console.log(
      `SMTP down ${Math.round((backAt - outageStarted) / 1000)} s; mail arrived ${Date.now() - backAt} ms after it was back`,
    );
    expect(mail.attachments.map((attachment) => attachment.contentType)).toContain('application/pdf');

    await card.getByText('Mailed to you').waitFor({ timeout: 20_000 });
    await screenshot(page, 'report-mailed');
    const [sent] = (await owner.get(`/api/runs/${run.id}/reports`)).body;
    expect(sent).toMatchObject({ status: 'ready', mail_status: 'sent', mail_error: null });
    await sleep(3_000);
    expect(reportMails()).toHaveLength(1);
  });
});
