// The mails the worker sends a host (issue alert, report, reminders, check-in at risk, overdue, weekly
// summary, trial and usage notices, dunning and downgrade), in the language the host chose in Settings:
// made by the real workflows and activities of a worker process and received over SMTP. The calendar's
// mail about a vanished booking goes through the real mailer in the language its activity reads.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@turnproof/config/languages';
import { createMailer } from '@turnproof/platform/mailer';
import { calendarOrphanMail } from '@turnproof/activities/run-mails';
import { weeklySummary } from '@turnproof/workflows';
import { Cleaner } from './runner/cleaner.ts';
import { signedInOwner } from './support/browser.ts';
import { setBillingState } from './support/billing-state.ts';
import { expectMailIn, propertyWithOneTask, turnoverAt } from './support/mail-language.ts';
import { ownerRecords } from './support/owner-records.ts';
import { checkoutCompleted, deliver, eventsApplied, invoice, ownerAtCheckout } from './support/stripe-events.ts';
import { startStripeMock, type StripeMock } from './support/stripe-mock.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from './support/worker-process.ts';

// Skipped time: 1.5 s stand for a day of the 14-day trial.
const DAY = 1_500;
let stripeMock: StripeMock;
let api: TestApi;
let worker: WorkerProcess;
const startedAt = Date.now();

beforeAll(async () => {
  stripeMock = await startStripeMock();
  api = await startTestApi({
    env: stripeMock.env,
    // The grace after a failed payment is 7 days in production, a few seconds here.
    billingDurations: { paymentGraceMs: 4_000 },
    runDurations: { reminderBeforeDueMs: 2_000, linkReadableAfterCompletionMs: 60_000, issueMailIntervalMs: 1_000 },
    trialDurations: { lengthMs: 14 * DAY, expiringNoticeMs: 3 * DAY, endingSoonNoticeMs: DAY },
  });
  worker = await startWorkerProcess(api);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await stripeMock?.close();
});

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

/** Words of the English mails that Spanish and French never use; links are left out (they say /runs, #issue-). */
const ENGLISH =
  /\b(the|your|you|is|was|have|and|of|at|to|for|with|from|reported|issues?|completed|due|reminder|overdue|reports?|dashboard|runs?|trial|left|upgrade|payment|failed|link|week)\b/i;

/** A host who picked the language in Settings. */
async function hostIn(language: Language): Promise<Owner> {
  const owner = await signedInOwner(api);
  expect((await owner.put('/api/profile', { language })).status).toBe(200);
  return owner;
}

/** The cleaner ticks the one task, reporting `issue` on it first when given, and completes the run. */
async function completeRun(run: { magic_link: string }, issue?: { severity: string; description: string }) {
  const cleaner = Cleaner.fromLink(run.magic_link);
  const [task] = (await cleaner.openRun()).body.run.tasks;
  if (issue) {
    const reported = await cleaner.http.post('/api/public/issue', {
      token: cleaner.token,
      action_id: randomUUID(),
      runTaskId: task.id,
      ...issue,
    });
    expect(reported.status).toBe(201);
  }
  expect((await cleaner.tick(task.id)).status).toBe(200);
  expect((await cleaner.completeWhenAccepted()).status).toBe(200);
}

const texts = {
  es: {
    property: 'Casa Gaviota',
    task: 'Cerrar la puerta',
    issue: 'Grifo roto',
    issueSubject: 'Problema de gravedad alta en Casa Gaviota',
    issueSays: [
      'Tu limpiador ha informado de un problema de gravedad alta durante la rotación en Casa Gaviota (tarea: Cerrar la puerta):',
      'Ver y resolver el problema:',
    ],
    reportSubject: 'Informe de inspección: Rotación de Casa Gaviota completada',
    reportSays: [
      'La rotación en Casa Gaviota se completó el ',
      '(100 % de las tareas). 1 problema, 1 de gravedad alta:',
      'Grifo roto (gravedad alta)',
      'Adjuntamos el informe en PDF con fecha y hora.',
    ],
    reminderSubject: /^Recordatorio: Rotación de Casa Gaviota, hora límite .+ GMT\+1$/,
    reminderSays: ['La rotación en Casa Gaviota tiene como hora límite el ', 'y aún no ha empezado.'],
    overdueSubject: /^Con retraso: Rotación de Casa Gaviota, hora límite /,
    overdueSays: ['y no se ha completado. Ahora aparece una alerta de retraso en tu panel.'],
    atRiskSubject: 'Check-in en riesgo: Rotación de Casa Gaviota sin empezar',
    atRiskSays: [
      'La rotación en Casa Gaviota no ha empezado y el próximo check-in es el ',
      'Aunque empiece ahora, puede que no termine a tiempo. Llama a tu limpiador o busca a otra persona.',
      'Enlace de la lista de tareas:',
    ],
    weekSubject: /^Tu semana en Turnproof: 4 inspecciones, 1 problema, 1 informe$/,
    weekSays: [
      'Tu semana del ',
      'Inspecciones: 4 (completadas: 1)',
      'Casa Gaviota: Rotación, completada (',
      'Casa Gaviota: Rotación, pendiente (',
      'Casa Gaviota (gravedad alta): Grifo roto',
      'Informes: 1',
      'Panel:',
    ],
    trialExpiring: 'Tu prueba termina pronto (quedan 3 días de tu prueba de Turnproof)',
    trialExpiringSays: [
      'Tu prueba termina pronto: tu prueba gratuita de Turnproof termina el ',
      'Después, las propiedades, las listas de tareas y los informes necesitan un plan.',
    ],
    trialEndingSoon: '¡Tu prueba está a punto de terminar! (queda 1 día de tu prueba de Turnproof)',
    approaching: 'Cerca del límite de informes',
    approachingSays: ['Has usado el 80 % de los informes que tu plan incluye este mes.', 'Planes y uso:'],
    limitReached: 'Límite de informes alcanzado',
    limitReachedSays: ['Has alcanzado tu límite. Mejora tu plan para continuar.', 'en cuanto mejores tu plan.'],
    paymentFailed: 'Pago fallido: actualiza tu tarjeta para conservar Turnproof Pro',
    paymentFailedSays: [
      'No hemos podido cobrar el pago de tu plan Pro de Turnproof.',
      'Tu plan sigue activo hasta el ',
      '; después, tu cuenta pasará a Flex (10 informes al mes a 2,00 US$ cada uno).',
      'Actualiza tu método de pago',
    ],
    downgraded: 'Tu plan de Turnproof ahora es Flex',
    downgradedSays: ['sigue pendiente, así que tu cuenta ha pasado a Flex.', 'Vuelve a elegir un plan:'],
    orphan: 'Reserva desaparecida, inspección conservada: Rotación de Casa Gaviota ya empezada',
    orphanSays: [
      'La reserva de la rotación en Casa Gaviota (hora límite: 20 ene 2027, 17:00 GMT+1) ya no está en el calendario de reservas.',
      'Lucía ya ha empezado, así que la inspección no se ha cancelado. Decide si debe continuar.',
    ],
  },
  fr: {
    property: 'Villa Mouette',
    task: 'Fermer la porte',
    issue: 'Robinet cassé',
    issueSubject: 'Problème de gravité élevée signalé à Villa Mouette',
    issueSays: [
      'Votre agent de ménage a signalé un problème de gravité élevée pendant la rotation à Villa Mouette (tâche : Fermer la porte) :',
      'Voir et résoudre le problème :',
    ],
    reportSubject: 'Rapport d’inspection : Rotation à Villa Mouette terminée',
    reportSays: [
      'La rotation à Villa Mouette a été terminée le ',
      '(100 % des tâches). 1 problème, dont 1 de gravité élevée :',
      'Robinet cassé (gravité élevée)',
      'Le rapport PDF horodaté est joint à cet e-mail.',
    ],
    reminderSubject: /^Rappel : Rotation à Villa Mouette, échéance le .+ GMT\+1$/,
    reminderSays: ['La rotation à Villa Mouette est à faire avant le ', 'et n’a pas encore commencé.'],
    overdueSubject: /^En retard : Rotation à Villa Mouette, échéance le /,
    overdueSays: ['et n’est pas terminée. Une alerte de retard s’affiche désormais dans votre tableau de bord.'],
    atRiskSubject: 'Arrivée menacée : Rotation à Villa Mouette pas commencée',
    atRiskSays: [
      'La rotation à Villa Mouette n’a pas commencé, et la prochaine arrivée est le ',
      'Appelez votre agent de ménage ou trouvez quelqu’un d’autre.',
      'Lien de la checklist :',
    ],
    weekSubject: /^Votre semaine Turnproof : 4 inspections, 1 problème, 1 rapport$/,
    weekSays: [
      'Votre semaine du ',
      'Inspections : 4 (terminées : 1)',
      'Villa Mouette : Rotation, terminée (',
      'Villa Mouette : Rotation, en attente (',
      'Villa Mouette (gravité élevée) : Robinet cassé',
      'Rapports : 1',
      'Tableau de bord :',
    ],
    trialExpiring: 'Fin de l’essai proche (plus que 3 jours d’essai Turnproof)',
    trialExpiringSays: [
      'Fin de l’essai proche : votre essai gratuit de Turnproof se termine le ',
      'Ensuite, les logements, les checklists et les rapports nécessitent une offre.',
    ],
    trialEndingSoon: 'Votre essai se termine bientôt ! (plus que 1 jour d’essai Turnproof)',
    approaching: 'Limite de rapports bientôt atteinte',
    approachingSays: [
      'Vous avez utilisé 80 % des rapports inclus dans votre offre ce mois-ci.',
      'Offres et utilisation :',
    ],
    limitReached: 'Limite de rapports atteinte',
    limitReachedSays: [
      'Vous avez atteint votre limite. Changez d’offre pour continuer.',
      'dès que vous changez d’offre.',
    ],
    paymentFailed: 'Échec du paiement : mettez à jour votre carte pour garder Turnproof Pro',
    paymentFailedSays: [
      'Nous n’avons pas pu encaisser le paiement de votre offre Turnproof Pro.',
      'Votre offre reste active jusqu’au ',
      ' ; ensuite, votre compte passera à Flex (10 rapports par mois à 2,00 $ US chacun).',
      'Mettre à jour votre moyen de paiement',
    ],
    downgraded: 'Votre offre Turnproof est désormais Flex',
    downgradedSays: [
      'est toujours en attente : votre compte est donc passé à Flex.',
      'Choisissez à nouveau une offre :',
    ],
    orphan: 'Réservation disparue, inspection conservée : Rotation à Villa Mouette déjà commencée',
    orphanSays: [
      'La réservation de la rotation à Villa Mouette (échéance le 20 janv. 2027, 17:00 GMT+1) a disparu du calendrier de réservations.',
      'Lucía a déjà commencé, l’inspection n’a donc pas été annulée. Décidez si elle doit continuer.',
    ],
  },
} satisfies Record<Exclude<Language, 'en'>, unknown>;

const exactly = (subject: string) => new RegExp(`^${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

for (const language of ['es', 'fr'] as const) {
  const t = texts[language];

  describe(`a host who reads ${language}`, () => {
    it('gets the trial notices in that language', async () => {
      const owner = await hostIn(language);
      const expiring = await api.mailbox.latest(owner.email, exactly(t.trialExpiring), 20 * DAY);
      expectMailIn(expiring, language, t.trialExpiringSays, ENGLISH);
      const endingSoon = await api.mailbox.latest(owner.email, exactly(t.trialEndingSoon), 20 * DAY);
      expectMailIn(endingSoon, language, [t.trialExpiringSays[1]!], ENGLISH);
    });

    it('gets the issue alert, the report, the reminders, the check-in alert and the weekly summary in that language', async () => {
      const owner = await hostIn(language);
      await ownerRecords(api).grantPlan(owner.userId, 'pro');
      const place = await propertyWithOneTask(api, owner, t.property, t.task);

      const completed = await turnoverAt(owner, place);
      await completeRun(completed, { severity: 'high', description: t.issue });
      const issueMail = await api.mailbox.latest(owner.email, exactly(t.issueSubject), 30_000);
      expectMailIn(issueMail, language, [...t.issueSays, t.issue], ENGLISH);
      const report = await api.mailbox.latest(owner.email, exactly(t.reportSubject), 90_000);
      expectMailIn(report, language, t.reportSays, ENGLISH);

      // Without a ladder of the owner's: a reminder 2 s before the due time, overdue at it.
      await turnoverAt(owner, place, { dueAt: new Date(Date.now() + 6_000) });
      const reminder = await api.mailbox.latest(owner.email, t.reminderSubject, 30_000);
      expectMailIn(reminder, language, [...t.reminderSays, t.atRiskSays[2]!], ENGLISH);
      const overdue = await api.mailbox.latest(owner.email, t.overdueSubject, 30_000);
      expectMailIn(overdue, language, t.overdueSays, ENGLISH);

      // The owner's ladder (a minute for the one task, alert at the latest start): the check-in alert in 5 s.
      const ladder = await owner.put('/api/settings/ladder', {
        minutes_per_task: 1,
        reminder_margin_minutes: 2,
        hand_over_margin_minutes: 1,
        host_alert_margin_minutes: 0,
      });
      expect(ladder.status, JSON.stringify(ladder.body)).toBe(200);
      await turnoverAt(owner, place, { dueAt: new Date(Date.now() + 65_000) });
      const atRisk = await api.mailbox.latest(owner.email, exactly(t.atRiskSubject), 40_000);
      expectMailIn(atRisk, language, t.atRiskSays, ENGLISH);

      await turnoverAt(owner, place);
      await api.temporal.workflow.execute(weeklySummary, {
        workflowId: `weekly-summary-test/${randomUUID()}`,
        taskQueue: api.config.TEMPORAL_TASK_QUEUE,
        args: [{ periodMs: Date.now() - startedAt + 60_000 }],
      });
      const week = await api.mailbox.latest(owner.email, t.weekSubject, 30_000);
      expectMailIn(week, language, t.weekSays, ENGLISH);
    });

    it('gets the report usage notices in that language', async () => {
      const owner = await hostIn(language);
      await setBillingState(api, owner.userId, { plan_key: 'flex', trial_ends_at: null, reports_this_period: 7 });
      const place = await propertyWithOneTask(api, owner, t.property, t.task);
      await completeRun(await turnoverAt(owner, place));
      const approaching = await api.mailbox.latest(owner.email, exactly(t.approaching), 60_000);
      expectMailIn(approaching, language, t.approachingSays, ENGLISH);

      await setBillingState(api, owner.userId, { reports_this_period: 10 });
      await completeRun(await turnoverAt(owner, place));
      const limit = await api.mailbox.latest(owner.email, exactly(t.limitReached), 60_000);
      expectMailIn(limit, language, t.limitReachedSays, ENGLISH);
    });

    it('gets the dunning and downgrade mails in that language', async () => {
      const s = await ownerAtCheckout(api, 'pro');
      expect((await s.owner.put('/api/profile', { language })).status).toBe(200);
      const now = Math.floor(Date.now() / 1000);
      await deliver(api, checkoutCompleted(s, now));
      await eventsApplied(api, s.owner.userId, 1);
      // The renewal a month on fails.
      const renewal = now + 30 * 24 * 60 * 60;
      await deliver(api, invoice('invoice.payment_failed', s, renewal, renewal));
      const dunning = await api.mailbox.latest(s.owner.email, exactly(t.paymentFailed), 30_000);
      expectMailIn(dunning, language, t.paymentFailedSays, ENGLISH);
      const downgraded = await api.mailbox.latest(s.owner.email, exactly(t.downgraded), 60_000);
      expectMailIn(downgraded, language, t.downgradedSays, ENGLISH);
    });

    it('gets the mail about a booking gone from the calendar in that language', async () => {
      const mailer = createMailer({
        SMTP_URL: api.mailbox.url,
        MAIL_FROM: 'Turnproof <no-reply@turnproof.test>',
        outboxDir: '',
      });
      const to = `${language}-calendar-${randomUUID()}@example.test`;
      const run = { propertyName: t.property, kind: 'turnover' as const, runUrl: `${api.baseUrl}/runs/r1` };
      const dueAt = new Date('2027-01-20T16:00:00Z');
      await mailer.send(
        calendarOrphanMail(to, { ...run, timeZone: 'Europe/Madrid', dueAt, assigneeName: 'Lucía' }, language),
      );
      expectMailIn(await api.mailbox.latest(to, exactly(t.orphan)), language, t.orphanSays, ENGLISH);
    });
  });
}
