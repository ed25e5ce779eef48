import { randomUUID } from 'node:crypto';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/browser.ts';
import type { TestApi } from '../support/test-api.ts';
import { acceptedMember } from '../support/team-member.ts';
import type { WorkerProcess } from '../support/worker-process.ts';
import { completeThroughMagicLink } from '../runner/cleaner.ts';
import { newRun, type Owner, squash, useProofStack, waitFor } from './proof-support.ts';

let api: TestApi;
let worker: WorkerProcess;
let owner: Owner;

useProofStack((stack) => ({ api, worker, owner } = stack));

const reportMails = () =>
  api.mailbox.received.filter((mail) => mail.to.includes(owner.email) && mail.subject.startsWith('Inspection report:'));

describe('the host reviews a completed run', () => {
  it('sends two tasks back with a note; only they open, the cleaner is mailed, re-completion mails report v2; then approval and a score in analytics', async () => {
    const cleanerEmail = uniqueEmail('cleaner');
    const member = await acceptedMember(api, owner, { email: cleanerEmail, name: 'Rosa Cleaner' });
    const { run, cleaner } = await newRun(owner, 'turnover', { assigned_to: member.id });
    const review = (body: Record<string, unknown>) => owner.post(`/api/runs/${run.id}/review`, body);

    expect((await review({ decision: 'approve' })).body.error).toBe('Only a completed run can be reviewed.');
    const tasks = (await completeThroughMagicLink(cleaner)).tasks as { id: string; task: { title: string } }[];
    await waitFor('report v1 by mail', () => reportMails()[0], worker);

    expect((await review({ decision: 'approve', score: 7 })).status).toBe(400);
    expect((await review({ decision: 'revise', task_ids: [tasks[0]!.id] })).body.error).toBe(
      'Write a note telling the cleaner what to redo.',
    );
    const sentBack = [tasks[1]!, tasks[2]!];
    const note = 'The bathroom mirror is streaky and the bins were not emptied.';
    const revised = await review({ decision: 'revise', task_ids: sentBack.map((task) => task.id), note, score: 3 });
    expect(revised.status, JSON.stringify(revised.body)).toBe(200);
    expect(revised.body.status).toBe('revision_requested');

    // The cleaner's link opens again with only those tasks open and the host's note.
    const reopened = (await cleaner.openRun()).body.run;
    expect(reopened.status).toBe('revision_requested');
    expect(reopened.revision).toEqual({ note });
    expect(
      reopened.tasks.filter((task: { reopened: boolean }) => task.reopened).map((task: { id: string }) => task.id),
    ).toEqual(sentBack.map((task) => task.id));
    expect(reopened.tasks.filter((task: { checked: boolean }) => !task.checked)).toHaveLength(2);
    const mail = await api.mailbox.latest(cleanerEmail, /^Please revise:/);
    expect(mail.text).toContain(note);
    expect(mail.text).toContain(sentBack[0]!.task.title);
    expect(mail.text).toContain(cleaner.token);

    const locked = await cleaner.tick(tasks[0]!.id, { checked: false });
    expect(locked.status).toBe(409);
    expect(locked.body.error).toBe('This task is not open for revision. Only the tasks the host sent back can change.');
    expect((await cleaner.completeWhenAccepted()).status).toBe(409);

    for (const task of sentBack)
      expect((await cleaner.tick(task.id, { comment: 'Redone', action_id: randomUUID() })).status).toBe(200);
    const completed = await cleaner.complete();
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);

    const v2 = await waitFor('report v2 by mail', () => reportMails()[1], worker);
    const text = squash((await new PDFParse({ data: new Uint8Array(v2.attachments[0]!.content) }).getText()).text);
    expect(text).toContain('Report version 2');
    expect(text).toContain('Revision requested by the host');
    expect(text).toContain(note);

    const approved = await review({ decision: 'approve', score: 5 });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const stored = (await owner.get(`/api/runs/${run.id}`)).body;
    expect(stored.review).toMatchObject({ decision: 'approved', score: 5 });

    const analytics = (await owner.get('/api/analytics?days=7')).body;
    expect(analytics.review_scores.by_property).toEqual([
      { id: expect.any(String), name: 'Harbour Loft', average_score: 5, reviews: 1 },
    ]);
    expect(analytics.review_scores.by_cleaner).toEqual([
      { id: member.id, name: expect.any(String), average_score: 5, reviews: 1 },
    ]);

    const verification = (await (await fetch(`${api.baseUrl}/api/public/verify/${run.id}`)).json()) as any;
    expect(verification.valid).toBe(true);
    expect(verification.entries.map((entry: { kind: string }) => entry.kind)).toEqual(
      expect.arrayContaining(['revision_requested', 'review_approved']),
    );
    expect(
      verification.reports.map((report: { version: number; valid: boolean }) => [report.version, report.valid]),
    ).toEqual([
      [1, true],
      [2, true],
    ]);
  });
});
