import { formatDateTime } from '@turnproof/config/time-format';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/browser.ts';
import type { TestApi } from '../support/test-api.ts';
import { acceptedMember } from '../support/team-member.ts';
import { cameraPhoto, completeThroughMagicLink } from '../runner/cleaner.ts';
import { newRun, type Owner, useProofStack } from './proof-support.ts';

let api: TestApi;
let owner: Owner;

useProofStack((stack) => ({ api, owner } = stack));

interface EvidenceTask {
  id: string;
  revision_note: string | null;
  media: { id: string; rejected_at: string | null }[];
}

describe('review with the photos', () => {
  it('sends one task back with its own note and a rejected photo; the rejected photo no longer counts, a new one completes it; approval mails the cleaner in Spanish, in the property time', async () => {
    const cleanerEmail = uniqueEmail('cleaner');
    const member = await acceptedMember(api, owner, { email: cleanerEmail, name: 'Rosa Cleaner' });
    const property = await owner.post('/api/properties', {
      name: 'Gull Cottage',
      address: '9 Shore Rd, Montauk',
      timezone: 'America/New_York',
    });
    expect(property.status, JSON.stringify(property.body)).toBe(201);
    const { run, cleaner } = await newRun(owner, 'turnover', { assigned_to: member.id }, property.body.id);
    // The cleaner opens the link in a Spanish browser: the runner page speaks Spanish, and so will their mail.
    const page = await fetch(`${api.baseUrl}/r/${cleaner.token}`, { headers: { 'Accept-Language': 'es-ES,es;q=0.9' } });
    expect(page.status).toBe(200);
    await completeThroughMagicLink(cleaner);

    const evidence = async () => (await owner.get(`/api/runs/${run.id}/evidence`)).body as { tasks: EvidenceTask[] };
    const tasks = (await owner.get(`/api/runs/${run.id}`)).body.tasks as { id: string; title: string }[];
    const photographed = (await evidence()).tasks.filter((task) => task.media.length > 0);
    const [target, other] = photographed;
    const title = tasks.find((task) => task.id === target!.id)!.title;
    const review = (body: Record<string, unknown>) => owner.post(`/api/runs/${run.id}/review`, body);

    // Another task's photo, and tasks on an approval, are refused with a sentence.
    const foreign = await review({
      decision: 'revise',
      tasks: [{ id: target!.id, note: 'Streaks', rejected_media_ids: [other!.media[0]!.id] }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe(
      `Only the photos of a task sent back can be rejected; these are not photos of “${title}”: ${other!.media[0]!.id}.`,
    );
    const approveWithTasks = await review({ decision: 'approve', tasks: [{ id: target!.id }] });
    expect(approveWithTasks.status).toBe(400);
    expect(approveWithTasks.body.error).toBe('Only a send-back names tasks: leave tasks out to approve.');

    const note = 'The mirror is streaky in this photo; clean it and take a new one.';
    const rejectedId = target!.media[0]!.id;
    const sentBack = await review({
      decision: 'revise',
      tasks: [{ id: target!.id, note, rejected_media_ids: [rejectedId] }],
      score: 3,
    });
    expect(sentBack.status, JSON.stringify(sentBack.body)).toBe(200);
    expect(sentBack.body.status).toBe('revision_requested');

    // The host's run page: the photo is marked rejected, the task carries the note.
    const afterReview = (await evidence()).tasks.find((task) => task.id === target!.id)!;
    expect(afterReview.revision_note).toBe(note);
    expect(afterReview.media.find((media) => media.id === rejectedId)!.rejected_at).not.toBeNull();

    // The cleaner's runner: the note on that task, its photo rejected and no longer counted.
    const reopened = (await cleaner.openRun()).body.run;
    const task = reopened.tasks.find((candidate: { id: string }) => candidate.id === target!.id);
    expect(task.reopened).toBe(true);
    expect(task.revision.note).toBe(note);
    expect(task.revision.rejected_media.map((media: { id: string }) => media.id)).toEqual([rejectedId]);
    expect(task.media.map((media: { id: string }) => media.id)).not.toContain(rejectedId);
    expect(task.media_count).toBe(target!.media.length - 1);
    expect(task.task.required_media).toBeGreaterThan(task.media_count);
    // In the language their runner showed them, like every mail to the cleaner.
    const revisionMail = await api.mailbox.latest(cleanerEmail, /^Por favor, revisa: Gull Cottage$/);
    expect(revisionMail.text).toContain(`${title}: ${note} (1 foto rechazada: haz otras nuevas)`);

    // Ticking it again is taken (an offline queue sends ticks before photos), but the run does not complete.
    expect((await cleaner.tick(target!.id, { comment: 'Cleaned again' })).status).toBe(200);
    const refused = await cleaner.completeWhenAccepted();
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      `Replace the photos the host rejected first: ${title} (needs 1 new photo). A rejected photo does not count.`,
    );

    const upload = await cleaner.uploadPhoto(target!.id, await cameraPhoto('retaken mirror'));
    expect(upload.confirmed?.status).toBe(200);
    expect(upload.confirmed?.body.media_count).toBe(target!.media.length);
    // An issue the phone reported offline 12 minutes before it synced.
    const issue = await cleaner.http.post('/api/public/issue', {
      token: cleaner.token,
      action_id: randomUUID(),
      runTaskId: target!.id,
      severity: 'medium',
      description: 'Hairline crack in the mirror',
      timestamp: new Date(Date.now() - 12 * 60_000).toISOString(),
    });
    expect(issue.status, JSON.stringify(issue.body)).toBe(201);
    const completed = await cleaner.completeWhenAccepted(randomUUID());
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);

    const approved = await review({ decision: 'approve', score: 4, note: 'Impecable, gracias.' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const approvalMail = await api.mailbox.latest(cleanerEmail, /^Aprobado:/);
    expect(approvalMail.subject).toBe('Aprobado: Gull Cottage');
    expect(approvalMail.text).toContain('El anfitrión aprobó tu trabajo en Gull Cottage el');
    expect(approvalMail.text).toContain('Puntuación: 4 de 5.');
    expect(approvalMail.text).toContain('Impecable, gracias.');
    // The time is New York's, written by the one time format in Spanish, with the zone's abbreviation.
    const time = formatDateTime(approved.body.reviewedAt, 'America/New_York', 'es');
    expect(time).toMatch(/ E[SD]T$/);
    expect(approvalMail.text).toContain(`el ${time}.`);
    expect(approvalMail.text).not.toContain('UTC');

    const timeline = (await owner.get(`/api/runs/${run.id}/timeline`)).body as {
      kind: string;
      code: string | null;
      params: Record<string, string | number> | null;
      detail: string;
    }[];
    const kinds = timeline.map((entry) => entry.kind);
    for (const kind of [
      'link_sent',
      'opened',
      'started',
      'completed',
      'sent_back',
      'issue',
      'offline_sync',
      'approved',
    ])
      expect(kinds).toContain(kind);
    expect(kinds.indexOf('opened')).toBeLessThan(kinds.indexOf('started'));
    expect(kinds.indexOf('sent_back')).toBeLessThan(kinds.indexOf('approved'));
    expect(timeline.find((entry) => entry.kind === 'opened')!.detail).toBe('Rosa Cleaner opened the link.');
    expect(timeline.find((entry) => entry.kind === 'sent_back')!.detail).toBe(
      `Sent back 1 task: ${title} (1 photo rejected).`,
    );
    expect(timeline.find((entry) => entry.kind === 'approved')!.detail).toBe('Approved · 4/5.');
    expect(timeline.find((entry) => entry.kind === 'issue')!.detail).toBe(
      'Issue reported (medium): Hairline crack in the mirror',
    );
    expect(timeline.find((entry) => entry.kind === 'offline_sync')!.detail).toBe(
      'Synced 1 action made offline, the oldest 12 minutes earlier.',
    );
    // Each step also says itself as a message code and its params, for the console to say in the host's language.
    const message = (kind: string) => {
      const entry = timeline.find((candidate) => candidate.kind === kind)!;
      return { code: entry.code, params: entry.params };
    };
    expect(message('link_sent')).toEqual({ code: 'link_sent', params: { cleaner: 'Rosa Cleaner' } });
    expect(message('opened')).toEqual({ code: 'opened', params: { cleaner: 'Rosa Cleaner' } });
    expect(message('started')).toEqual({ code: 'started', params: null });
    expect(message('completed')).toEqual({ code: 'completed', params: null });
    expect(message('sent_back')).toEqual({
      code: 'sent_back_photos',
      params: { tasks: 1, titles: title, photos: 1 },
    });
    expect(message('approved')).toEqual({ code: 'approved_scored', params: { score: 4 } });
    expect(message('issue')).toEqual({
      code: 'issue',
      params: { severity: 'medium', description: 'Hairline crack in the mirror' },
    });
    expect(message('offline_sync')).toEqual({ code: 'offline_sync', params: { actions: 1, minutes: 12 } });
  });
});
