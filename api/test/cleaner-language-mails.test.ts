// The mails a cleaner gets (assignment with the magic link, due-time reminder, hand-over, booking canceled,
// revision request, team invitation) in the cleaner's language: the runner's language on the run
// (`runs.cleaner_language`), else the one it last showed them, else the host's. Sent by the real API and
// worker and received over SMTP; the ladder's and the calendar's mails go through the real mailer with the
// language their activities read.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@turnproof/config/languages';
import { assignmentMail, handedOverMail, runCanceledMail } from '@turnproof/platform/assignment-mails';
import { createMailer, type MailMessage } from '@turnproof/platform/mailer';
import { assigneeReminderMail } from '@turnproof/activities/run-mails';
import { revisionMail } from '@turnproof/platform/revision-mail';
import { invitationMail } from '../src/team/team-mails.tsx';
import { Cleaner } from './runner/cleaner.ts';
import { signedInOwner, uniqueEmail } from './support/browser.ts';
import { expectMailIn, propertyWithOneTask, turnoverAt } from './support/mail-language.ts';
import { acceptedMember } from './support/team-member.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from './support/worker-process.ts';

let api: TestApi;
let worker: WorkerProcess;

beforeAll(async () => {
  api = await startTestApi({ runDurations: { reminderBeforeDueMs: 2_000, linkReadableAfterCompletionMs: 60_000 } });
  worker = await startWorkerProcess(api);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

/** Words of the English mails that Spanish and French never use; links are left out. */
const ENGLISH =
  /\b(the|your|you|is|was|has|had|have|and|of|at|to|for|with|new|due|reminder|revise|revision|link|assigned|invited|team|canceled|passed|open|need|needed|host|access|rejected)\b/i;

const exactly = (subject: string) => new RegExp(`^${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const texts = {
  es: {
    property: 'Casa Gaviota',
    task: 'Limpiar el horno',
    note: 'Quedan manchas en la puerta.',
    propertyNotes: 'Aparcar en la calle',
    assignedSubject: 'Nueva rotación en Casa Gaviota',
    assignedByHost: 'Test Owner te ha asignado la rotación en Casa Gaviota. Hora límite: ',
    assigned: 'Lucía Ortega te ha asignado la rotación en Casa Gaviota. Hora límite: 20 ene 2027, 17:00 GMT+1.',
    assignedSays: [
      'Código de acceso: 4321',
      'Notas de la propiedad:',
      'Abre la lista de tareas en tu móvil con este enlace (no hace falta cuenta):',
    ],
    reminderSubject: 'Recordatorio: Rotación de Casa Gaviota, hora límite 20 ene 2027, 17:00 GMT+1',
    reminderSays: [
      'La rotación en Casa Gaviota que tienes asignada tiene como hora límite el 20 ene 2027, 17:00 GMT+1 y aún no ha empezado.',
      'Abre la lista de tareas con el enlace de tu correo de asignación de Casa Gaviota; no hace falta cuenta.',
    ],
    handedOverSubject: 'Casa Gaviota: la rotación pasa a Benito Cruz',
    handedOverSays: [
      'La rotación en Casa Gaviota no había empezado a tiempo, así que ahora pasa a Benito Cruz. Hora límite: 20 ene 2027, 17:00 GMT+1.',
      'Benito Cruz tiene un nuevo enlace de la lista de tareas y el enlace que tenías ya no la abre. No hace falta que vayas.',
    ],
    canceledSubject: 'Cancelada: rotación en Casa Gaviota',
    canceledSays: [
      'La rotación en Casa Gaviota con hora límite el 20 ene 2027, 17:00 GMT+1 se ha cancelado: se canceló la reserva correspondiente.',
      'Su enlace de la lista de tareas ya no funciona. No hace falta que vayas.',
    ],
    revisionSubject: 'Por favor, revisa: Casa Gaviota',
    revisionSays: [
      'El anfitrión te ha devuelto una tarea en Casa Gaviota para que la revises:',
      'Limpiar el horno (1 foto rechazada: haz otras nuevas)',
      'Nota del anfitrión:',
      'Vuelve a abrir la lista de tareas con este enlace; solo estas tareas están abiertas:',
    ],
    revisionTwo: 'El anfitrión te ha devuelto 2 tareas en Casa Gaviota para que las revises:',
    invitationSubject: 'Lucía Ortega te ha invitado a su equipo de Turnproof',
    invitationSays: [
      'Lucía Ortega te ha invitado a unirte a su equipo en Turnproof como limpiador.',
      'Acepta la invitación con este enlace (funciona durante 14 días):',
      'Si no conoces al remitente, puedes ignorar este mensaje.',
    ],
  },
  fr: {
    property: 'Villa Mouette',
    task: 'Nettoyer le four',
    note: 'Il reste des traces sur la porte.',
    propertyNotes: 'Garer dans la rue',
    assignedSubject: 'Nouvelle rotation à Villa Mouette',
    assignedByHost: 'Test Owner vous a confié la rotation à Villa Mouette. Échéance : ',
    assigned: 'Lucía Ortega vous a confié la rotation à Villa Mouette. Échéance : 20 janv. 2027, 17:00 GMT+1.',
    assignedSays: [
      'Code d’accès : 4321',
      'Notes sur le logement :',
      'Ouvrez la checklist sur votre téléphone avec ce lien (aucun compte nécessaire) :',
    ],
    reminderSubject: 'Rappel : Rotation à Villa Mouette, échéance le 20 janv. 2027, 17:00 GMT+1',
    reminderSays: [
      'La rotation à Villa Mouette qui vous est confiée est à faire avant le 20 janv. 2027, 17:00 GMT+1 et n’a pas encore commencé.',
      'Ouvrez la checklist avec le lien de votre e-mail d’attribution pour Villa Mouette ; aucun compte n’est nécessaire.',
    ],
    handedOverSubject: 'Villa Mouette : la rotation passe à Benito Cruz',
    handedOverSays: [
      'La rotation à Villa Mouette n’avait pas commencé à temps, elle passe donc à Benito Cruz. Échéance : 20 janv. 2027, 17:00 GMT+1.',
      'Benito Cruz a reçu un nouveau lien de checklist, et votre lien ne l’ouvre plus. Vous n’avez pas besoin d’y aller.',
    ],
    canceledSubject: 'Annulée : rotation à Villa Mouette',
    canceledSays: [
      'La rotation à Villa Mouette prévue le 20 janv. 2027, 17:00 GMT+1 est annulée : la réservation correspondante a été annulée.',
      'Son lien de checklist ne fonctionne plus. Vous n’avez pas besoin d’y aller.',
    ],
    revisionSubject: 'À revoir : Villa Mouette',
    revisionSays: [
      'L’hôte vous a renvoyé une tâche à Villa Mouette à revoir :',
      'Nettoyer le four (1 photo refusée : prenez-en de nouvelles)',
      'Note de l’hôte :',
      'Rouvrez la checklist avec ce lien ; seules ces tâches sont ouvertes :',
    ],
    revisionTwo: 'L’hôte vous a renvoyé 2 tâches à Villa Mouette à revoir :',
    invitationSubject: 'Lucía Ortega vous invite dans son équipe Turnproof',
    invitationSays: [
      'Lucía Ortega vous invite à rejoindre son équipe sur Turnproof comme agent de ménage.',
      'Acceptez l’invitation avec ce lien (valable 14 jours) :',
      'Si vous ne connaissez pas l’expéditeur, vous pouvez ignorer ce message.',
    ],
  },
} satisfies Record<Exclude<Language, 'en'>, unknown>;

async function waitForStatus(owner: Owner, runId: string, status: string) {
  const deadline = Date.now() + 60_000;
  while ((await owner.get(`/api/runs/${runId}`)).body.status !== status) {
    if (Date.now() > deadline) throw new Error(`run ${runId} never became ${status}\n${worker.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

for (const language of ['es', 'fr'] as const) {
  const t = texts[language];

  describe(`a cleaner whose runner shows ${language}`, () => {
    it('gets the revision request, then the next assignment and its reminder, in that language; the host keeps English', async () => {
      const owner = await signedInOwner(api);
      const email = uniqueEmail(`cleaner-${language}`);
      // The invitation of an English host is English (acceptedMember waits for its English subject).
      const member = await acceptedMember(api, owner, { email, name: 'Rosa' });
      const place = await propertyWithOneTask(api, owner, t.property, t.task);

      // Before the cleaner ever opened a run, their first assignment is in the host's language, unchanged.
      const first = await turnoverAt(owner, place, { assignedTo: member.id });
      const english = await api.mailbox.latest(email, exactly(`New turnover at ${t.property}`));
      expect(english.text).toContain(`assigned you the turnover at ${t.property}.`);
      expect(english.text).toContain('Open the checklist on your phone with this link (no account needed):');
      expect(english.html).toContain('<html lang="en">');

      // The runner page records the language it showed the cleaner on this run.
      await api.orm.em
        .getConnection()
        .execute(`update runs set cleaner_language = ? where id = ?`, [language, first.id]);
      const cleaner = Cleaner.fromLink(first.magic_link);
      const [task] = (await cleaner.openRun()).body.run.tasks;
      expect((await cleaner.tick(task.id)).status).toBe(200);
      expect((await cleaner.completeWhenAccepted()).status).toBe(200);
      await waitForStatus(owner, first.id, 'completed');
      const revised = await owner.post(`/api/runs/${first.id}/review`, {
        decision: 'revise',
        task_ids: [task.id],
        note: t.note,
      });
      expect(revised.status, JSON.stringify(revised.body)).toBe(200);
      const revision = await api.mailbox.latest(email, exactly(t.revisionSubject));
      expectMailIn(
        revision,
        language,
        [t.revisionSays[0]!, `${t.task}`, t.revisionSays[2]!, t.note, t.revisionSays[3]!],
        ENGLISH,
      );

      // A new run has no language of its own yet: the one the runner last showed this cleaner.
      await turnoverAt(owner, place, { assignedTo: member.id, dueAt: new Date(Date.now() + 8_000) });
      const assignment = await api.mailbox.latest(email, exactly(t.assignedSubject));
      expectMailIn(assignment, language, [t.assignedByHost, t.assignedSays[2]!], ENGLISH);
      const reminder = await api.mailbox.latest(email, new RegExp(`^${t.reminderSubject.split(',')[0]}`), 30_000);
      expectMailIn(reminder, language, [t.reminderSays[1]!], ENGLISH);

      // The host's own reminder for that run stays in the host's language.
      const hostReminder = await api.mailbox.latest(
        owner.email,
        new RegExp(`^Reminder: ${t.property} Turnover is due at `),
        30_000,
      );
      expect(hostReminder.html).toContain('<html lang="en">');
    });

    it('does not pass that language on to the next cleaner the run is given to', async () => {
      const owner = await signedInOwner(api);
      const first = await acceptedMember(api, owner, { email: uniqueEmail('first'), name: 'Rosa' });
      const nextEmail = uniqueEmail('next');
      const next = await acceptedMember(api, owner, { email: nextEmail, name: 'Sam' });
      const place = await propertyWithOneTask(api, owner, t.property, t.task);
      const run = await turnoverAt(owner, place, { assignedTo: first.id });
      await api.orm.em.getConnection().execute(`update runs set cleaner_language = ? where id = ?`, [language, run.id]);
      expect((await owner.put(`/api/runs/${run.id}`, { assigned_to: next.id })).status).toBe(200);
      const mail = await api.mailbox.latest(nextEmail, exactly(`New turnover at ${t.property}`));
      expect(mail.text).toContain(`Test Owner assigned you the turnover at ${t.property}.`);
      expect(mail.html).toContain('<html lang="en">');
    });

    it('is invited in the language of a host who reads it', async () => {
      const owner = await signedInOwner(api);
      expect((await owner.put('/api/profile', { language })).status).toBe(200);
      const email = uniqueEmail(`invited-${language}`);
      const invited = await owner.post('/api/team', { role: 'Cleaner', name: 'Rosa', email });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      const invitation = await api.mailbox.latest(email, /Turnproof/);
      expect(invitation.subject).toMatch(/ (te ha invitado a su equipo de|vous invite dans son équipe) Turnproof$/);
      expectMailIn(invitation, language, t.invitationSays.slice(1), ENGLISH);
    });

    it('gets every cleaner mail, with its times in the property’s zone, in that language', async () => {
      const mailer = createMailer({
        SMTP_URL: api.mailbox.url,
        MAIL_FROM: 'Turnproof <no-reply@turnproof.test>',
        outboxDir: '',
      });
      const to = `${language}-cleaner-${randomUUID()}@example.test`;
      const run = { propertyName: t.property, kind: 'turnover' as const, timeZone: 'Europe/Madrid' };
      const dueAt = new Date('2027-01-20T16:00:00Z');
      const magicLink = 'https://turnproof.test/r/abc';
      const received = async (mail: MailMessage, subject: string) => {
        await mailer.send(mail);
        return api.mailbox.latest(to, exactly(subject));
      };

      const assignment = await received(
        assignmentMail(
          to,
          {
            ...run,
            dueAt,
            ownerName: 'Lucía Ortega',
            magicLink,
            access: { accessCode: '4321', notes: t.propertyNotes },
          },
          language,
        ),
        t.assignedSubject,
      );
      expectMailIn(assignment, language, [t.assigned, ...t.assignedSays, t.propertyNotes], ENGLISH);
      expect(assignment.text).toContain(magicLink);

      const reminder = await received(assigneeReminderMail(to, { ...run, dueAt }, language), t.reminderSubject);
      expectMailIn(reminder, language, t.reminderSays, ENGLISH);

      const handedOver = await received(
        handedOverMail(to, { ...run, dueAt, backupName: 'Benito Cruz' }, language),
        t.handedOverSubject,
      );
      expectMailIn(handedOver, language, t.handedOverSays, ENGLISH);

      const canceled = await received(runCanceledMail(to, { ...run, dueAt }, language), t.canceledSubject);
      expectMailIn(canceled, language, t.canceledSays, ENGLISH);

      const revision = await received(
        revisionMail(
          to,
          {
            propertyName: t.property,
            tasks: [{ title: t.task, note: null, rejectedPhotos: 1 }],
            note: t.note,
            magicLink,
          },
          language,
        ),
        t.revisionSubject,
      );
      expectMailIn(revision, language, [...t.revisionSays, t.note], ENGLISH);
      const two = revisionMail(
        to,
        {
          propertyName: t.property,
          tasks: [
            { title: t.task, note: null, rejectedPhotos: 0 },
            { title: t.task, note: null, rejectedPhotos: 0 },
          ],
          note: null,
          magicLink,
        },
        language,
      );
      expect(two.text).toContain(t.revisionTwo);

      const invitation = await received(
        invitationMail(to, { ownerName: 'Lucía Ortega', role: 'Cleaner', link: 'https://turnproof.test/i' }, language),
        t.invitationSubject,
      );
      expectMailIn(invitation, language, t.invitationSays, ENGLISH);
    });
  });
}

describe('a cleaner who reads English', () => {
  it('gets the cleaner mails word for word as before', () => {
    const run = { propertyName: 'Gull Cottage', kind: 'move_in' as const, timeZone: 'Europe/Madrid' };
    const dueAt = new Date('2027-01-20T16:00:00Z');
    const due = 'Jan 20, 2027, 5:00 PM GMT+1';
    const to = 'rosa@example.test';
    const assignment = assignmentMail(
      to,
      { ...run, dueAt, ownerName: 'Test Owner', magicLink: 'https://t/r/a', access: { accessCode: '1', notes: 'n' } },
      'en',
    );
    expect(assignment.subject).toBe('New move-in inspection at Gull Cottage');
    expect(assignment.text).toContain(
      `Test Owner assigned you the move-in inspection at Gull Cottage. It is due ${due}.`,
    );
    expect(assignment.text).toContain('Access code: 1');
    expect(assignment.text).toContain('Property notes:');
    const reminder = assigneeReminderMail(to, { ...run, dueAt }, 'en');
    expect(reminder.subject).toBe(`Reminder: Gull Cottage Move-In Inspection is due at ${due}`);
    expect(reminder.text).toContain(
      `The move-in inspection at Gull Cottage assigned to you is due at ${due} and has not started yet.`,
    );
    const handedOver = handedOverMail(to, { ...run, dueAt, backupName: 'Ben' }, 'en');
    expect(handedOver.subject).toBe('Gull Cottage move-in inspection passed to Ben');
    expect(handedOver.text).toContain(
      `The move-in inspection at Gull Cottage had not started in time, so it now goes to Ben. It is due ${due}.`,
    );
    const canceled = runCanceledMail(to, { ...run, dueAt: null }, 'en');
    expect(canceled.subject).toBe('Canceled: move-in inspection at Gull Cottage');
    expect(canceled.text).toContain(
      'The move-in inspection at Gull Cottage is canceled: the booking behind it was cancelled.',
    );
  });
});
