import type { Language } from '@turnproof/config/languages';
import type { ALERT_SEVERITIES, RunKind, RunStatus } from '@turnproof/db';
import type { ClaimPlatform } from '@turnproof/platform/claim-deadline';

export type Severity = (typeof ALERT_SEVERITIES)[number];

/**
 * The sentences of the mails a run sends its host, in each language a host may choose (Settings).
 * `kind` is the run's kind as it reads inside a sentence (with its article where the language needs one);
 * `time`, `day` are already formatted in that language.
 */
const en = {
  kinds: { turnover: 'Turnover', move_in: 'Move-In Inspection', move_out: 'Move-Out Inspection' } as Record<
    RunKind,
    string
  >,
  kindsInSentence: {
    turnover: 'turnover',
    move_in: 'move-in inspection',
    move_out: 'move-out inspection',
  } as Record<RunKind, string>,
  severities: { high: 'high', medium: 'medium', low: 'low' } as Record<Severity, string>,
  statuses: {
    pending: 'pending',
    in_progress: 'in progress',
    completed: 'completed',
    revision_requested: 'revision requested',
    canceled: 'canceled',
  } as Record<RunStatus, string>,
  checklistLink: 'Checklist link:',
  reminderSubject: (property: string, kindLabel: string, time: string) =>
    `Reminder: ${property} ${kindLabel} is due at ${time}`,
  dueReminder: (kind: string, property: string, time: string) =>
    `The ${kind} at ${property} is due at ${time} and has not started yet.`,
  overdueSubject: (property: string, kindLabel: string, time: string) =>
    `Overdue: ${property} ${kindLabel} was due at ${time}`,
  overdue: (kind: string, property: string, time: string) =>
    `The ${kind} at ${property} was due at ${time} and is not completed.`,
  overdueAlert: 'It now shows an overdue alert in your dashboard.',
  issueSubject: (property: string) => `High-severity issue reported at ${property}`,
  issue: (severity: string, kind: string, property: string, task: string | null) =>
    `Your cleaner reported a ${severity}-severity issue during the ${kind} at ${property}${task ? ` (task: ${task})` : ''}:`,
  seeIssue: 'See and resolve the issue:',
  guestPresentSubject: (property: string) => `Guest still here at ${property}`,
  guestPresent: (property: string, time: string) =>
    `Your cleaner found the guest still in the unit at ${property} at ${time}. The turnover waits until they leave; the time and place are recorded as evidence for a late-checkout fee.`,
  guestPresentSlack: (minutes: number) =>
    minutes >= 0
      ? `Time left before the next check-in: ${minutes} min.`
      : `The next check-in is at risk: ${-minutes} min short.`,
  seeRun: 'See the run:',
  issuesSubject: (count: number, property: string) => `${count} high-severity issues reported at ${property}`,
  issues: (count: number, kind: string, property: string) =>
    `Your cleaner reported ${count} high-severity issues during the ${kind} at ${property}:`,
  eachIssueLink: "Each link opens the issue on the run's page, where you resolve it or turn it into a follow-up run.",
  noIssues: 'No issues were reported.',
  issueTally: (count: number, high: number) =>
    `${count} issue${count === 1 ? '' : 's'}${high ? `, ${high} high` : ''}:`,
  reportSubject: (property: string, kindLabel: string) => `Inspection report: ${property} ${kindLabel} completed`,
  reportCompleted: (kind: string, property: string, time: string | null, rate: number, tally: string) =>
    `The ${kind} at ${property} was completed${time ? ` at ${time}` : ''} (${rate}% of tasks). ${tally}`,
  reportIssue: (description: string, severity: string) => `${description} (${severity})`,
  reportAttached: 'The time-stamped PDF report is attached.',
  reportTooLarge: 'The PDF report is too large to attach; download it here (sign-in required):',
  weekSubject: (runs: number, issues: number, reports: number) =>
    `Your Turnproof week: ${runs} run${runs === 1 ? '' : 's'}, ${issues} issue${issues === 1 ? '' : 's'}, ${reports} report${reports === 1 ? '' : 's'}`,
  week: (from: string, to: string) => `Your week from ${from} to ${to}:`,
  weekRuns: (count: number, completed: number) => `Runs: ${count} (${completed} completed)`,
  weekRun: (property: string, kindLabel: string, status: string, day: string) =>
    `${property}: ${kindLabel}, ${status} (${day})`,
  weekIssues: (count: number) => `Issues: ${count}`,
  weekIssue: (property: string, severity: string, description: string) => `${property} (${severity}): ${description}`,
  weekReports: (count: number) => `Reports: ${count}`,
  weekRestock: (count: number) => `To restock: ${count} ${count === 1 ? 'supply' : 'supplies'} below par`,
  weekRestockLine: (property: string, supply: string, needed: number | null, unit: string, par: number) =>
    needed === null
      ? `${property}: ${supply}, low (par ${par} ${unit})`
      : `${property}: ${supply}, bring ${needed} ${unit}`,
  restockLink: 'Shopping list (print or CSV):',
  dashboard: 'Dashboard:',
  atRiskSubject: (property: string, kindLabel: string) => `Check-in at risk: ${property} ${kindLabel} has not started`,
  atRisk: (kind: string, property: string, assignee: string | null, time: string) =>
    `The ${kind} at ${property} has not started${assignee ? ` (assigned to ${assignee})` : ''}, and the next check-in is at ${time}.`,
  atRiskAdvice: 'Even starting now, it may not be finished in time. Call your cleaner or find someone else.',
  orphanSubject: (property: string, kindLabel: string) =>
    `Booking gone, run kept: ${property} ${kindLabel} already started`,
  orphan: (kind: string, property: string, due: string | null) =>
    `The reservation of the ${kind} at ${property}${due ? ` (due ${due})` : ''} is gone from the booking calendar.`,
  orphanStarted: (assignee: string | null) =>
    `${assignee ?? 'The cleaner'} has already started, so the run was not canceled. Decide whether it goes on.`,
  runLink: 'Run:',
  claimDeadlineSubject: (property: string, time: string) => `Damage claim deadline ${time}: ${property}`,
  claimDeadline: (kind: string, property: string, time: string) =>
    `The damage claim for the ${kind} at ${property} must be filed with the booking platform by ${time}.`,
  claimDaysLeft: (days: number) =>
    days <= 0 ? 'Today is the last day.' : days === 1 ? '1 day left.' : `${days} days left.`,
  claimRules: {
    airbnb: 'Airbnb: 14 days after checkout or before the next check-in, whichever is first',
    unknown: 'Default (platform unknown): 14 days after checkout or before the next check-in, whichever is first',
  } as Record<ClaimPlatform, string>,
  claimAdvice:
    'Download the damage-claim pack from the run page. Once the claim is filed, or if there is none to make, say so there and these reminders stop.',
};

export type RunMailTexts = typeof en;

/** First letter up: a kind with its article ('la rotation') opening a sentence. */
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const es: RunMailTexts = {
  kinds: { turnover: 'Rotación', move_in: 'Inspección de entrada', move_out: 'Inspección de salida' },
  kindsInSentence: {
    turnover: 'la rotación',
    move_in: 'la inspección de entrada',
    move_out: 'la inspección de salida',
  },
  severities: { high: 'alta', medium: 'media', low: 'baja' },
  statuses: {
    pending: 'pendiente',
    in_progress: 'en curso',
    completed: 'completada',
    revision_requested: 'revisión pedida',
    canceled: 'cancelada',
  },
  checklistLink: 'Enlace de la lista de tareas:',
  reminderSubject: (property, kindLabel, time) => `Recordatorio: ${kindLabel} de ${property}, hora límite ${time}`,
  dueReminder: (kind, property, time) =>
    `${capitalized(kind)} en ${property} tiene como hora límite el ${time} y aún no ha empezado.`,
  overdueSubject: (property, kindLabel, time) => `Con retraso: ${kindLabel} de ${property}, hora límite ${time}`,
  overdue: (kind, property, time) =>
    `${capitalized(kind)} en ${property} tenía como hora límite el ${time} y no se ha completado.`,
  overdueAlert: 'Ahora aparece una alerta de retraso en tu panel.',
  issueSubject: (property) => `Problema de gravedad alta en ${property}`,
  issue: (severity, kind, property, task) =>
    `Tu limpiador ha informado de un problema de gravedad ${severity} durante ${kind} en ${property}${task ? ` (tarea: ${task})` : ''}:`,
  seeIssue: 'Ver y resolver el problema:',
  guestPresentSubject: (property) => `El huésped sigue en ${property}`,
  guestPresent: (property, time) =>
    `Tu persona de limpieza encontró al huésped aún en la unidad de ${property} a las ${time}. La limpieza espera a que se vaya; la hora y el lugar quedan registrados como prueba para cobrar una salida tardía.`,
  guestPresentSlack: (minutes) =>
    minutes >= 0
      ? `Tiempo restante antes de la próxima entrada: ${minutes} min.`
      : `La próxima entrada está en riesgo: faltan ${-minutes} min.`,
  seeRun: 'Ver la inspección:',
  issuesSubject: (count, property) => `${count} problemas de gravedad alta en ${property}`,
  issues: (count, kind, property) =>
    `Tu limpiador ha informado de ${count} problemas de gravedad alta durante ${kind} en ${property}:`,
  eachIssueLink:
    'Cada enlace abre el problema en la página de la inspección, donde puedes resolverlo o convertirlo en una inspección de seguimiento.',
  noIssues: 'No se ha informado de ningún problema.',
  issueTally: (count, high) => `${count} problema${count === 1 ? '' : 's'}${high ? `, ${high} de gravedad alta` : ''}:`,
  reportSubject: (property, kindLabel) => `Informe de inspección: ${kindLabel} de ${property} completada`,
  reportCompleted: (kind, property, time, rate, tally) =>
    `${capitalized(kind)} en ${property} se completó${time ? ` el ${time}` : ''} (${rate} % de las tareas). ${tally}`,
  reportIssue: (description, severity) => `${description} (gravedad ${severity})`,
  reportAttached: 'Adjuntamos el informe en PDF con fecha y hora.',
  reportTooLarge: 'El informe en PDF es demasiado grande para adjuntarlo; descárgalo aquí (hay que iniciar sesión):',
  weekSubject: (runs, issues, reports) =>
    `Tu semana en Turnproof: ${runs} inspecci${runs === 1 ? 'ón' : 'ones'}, ${issues} problema${issues === 1 ? '' : 's'}, ${reports} informe${reports === 1 ? '' : 's'}`,
  week: (from, to) => `Tu semana del ${from} al ${to}:`,
  weekRuns: (count, completed) => `Inspecciones: ${count} (completadas: ${completed})`,
  weekRun: (property, kindLabel, status, day) => `${property}: ${kindLabel}, ${status} (${day})`,
  weekIssues: (count) => `Problemas: ${count}`,
  weekIssue: (property, severity, description) => `${property} (gravedad ${severity}): ${description}`,
  weekReports: (count) => `Informes: ${count}`,
  weekRestock: (count) => `Para reponer: ${count} ${count === 1 ? 'suministro' : 'suministros'} por debajo del nivel`,
  weekRestockLine: (property, supply, needed, unit, par) =>
    needed === null
      ? `${property}: ${supply}, queda poco (nivel ${par} ${unit})`
      : `${property}: ${supply}, llevar ${needed} ${unit}`,
  restockLink: 'Lista de compra (imprimir o CSV):',
  dashboard: 'Panel:',
  atRiskSubject: (property, kindLabel) => `Check-in en riesgo: ${kindLabel} de ${property} sin empezar`,
  atRisk: (kind, property, assignee, time) =>
    `${capitalized(kind)} en ${property} no ha empezado${assignee ? ` (asignada a ${assignee})` : ''} y el próximo check-in es el ${time}.`,
  atRiskAdvice: 'Aunque empiece ahora, puede que no termine a tiempo. Llama a tu limpiador o busca a otra persona.',
  orphanSubject: (property, kindLabel) =>
    `Reserva desaparecida, inspección conservada: ${kindLabel} de ${property} ya empezada`,
  orphan: (kind, property, due) =>
    `La reserva de ${kind} en ${property}${due ? ` (hora límite: ${due})` : ''} ya no está en el calendario de reservas.`,
  orphanStarted: (assignee) =>
    `${assignee ?? 'El limpiador'} ya ha empezado, así que la inspección no se ha cancelado. Decide si debe continuar.`,
  runLink: 'Inspección:',
  claimDeadlineSubject: (property, time) => `Plazo de la reclamación por daños ${time}: ${property}`,
  claimDeadline: (kind, property, time) =>
    `La reclamación por daños de ${kind} en ${property} debe presentarse ante la plataforma de reservas antes del ${time}.`,
  claimDaysLeft: (days) => (days <= 0 ? 'Hoy es el último día.' : days === 1 ? 'Queda 1 día.' : `Quedan ${days} días.`),
  claimRules: {
    airbnb: 'Airbnb: 14 días después del check-out o antes del siguiente check-in, lo que ocurra primero',
    unknown:
      'Por defecto (plataforma desconocida): 14 días después del check-out o antes del siguiente check-in, lo que ocurra primero',
  },
  claimAdvice:
    'Descarga el paquete de reclamación desde la página de la inspección. Cuando la hayas presentado, o si no hay nada que reclamar, indícalo allí y estos recordatorios se detendrán.',
};

const fr: RunMailTexts = {
  kinds: { turnover: 'Rotation', move_in: 'Inspection d’entrée', move_out: 'Inspection de sortie' },
  kindsInSentence: {
    turnover: 'la rotation',
    move_in: 'l’inspection d’entrée',
    move_out: 'l’inspection de sortie',
  },
  severities: { high: 'élevée', medium: 'moyenne', low: 'faible' },
  statuses: {
    pending: 'en attente',
    in_progress: 'en cours',
    completed: 'terminée',
    revision_requested: 'révision demandée',
    canceled: 'annulée',
  },
  checklistLink: 'Lien de la checklist :',
  reminderSubject: (property, kindLabel, time) => `Rappel : ${kindLabel} à ${property}, échéance le ${time}`,
  dueReminder: (kind, property, time) =>
    `${capitalized(kind)} à ${property} est à faire avant le ${time} et n’a pas encore commencé.`,
  overdueSubject: (property, kindLabel, time) => `En retard : ${kindLabel} à ${property}, échéance le ${time}`,
  overdue: (kind, property, time) =>
    `${capitalized(kind)} à ${property} était à faire avant le ${time} et n’est pas terminée.`,
  overdueAlert: 'Une alerte de retard s’affiche désormais dans votre tableau de bord.',
  issueSubject: (property) => `Problème de gravité élevée signalé à ${property}`,
  issue: (severity, kind, property, task) =>
    `Votre agent de ménage a signalé un problème de gravité ${severity} pendant ${kind} à ${property}${task ? ` (tâche : ${task})` : ''} :`,
  seeIssue: 'Voir et résoudre le problème :',
  guestPresentSubject: (property) => `Voyageur encore sur place à ${property}`,
  guestPresent: (property, time) =>
    `Votre agent d'entretien a trouvé le voyageur encore dans le logement de ${property} à ${time}. Le ménage attend son départ ; l'heure et le lieu sont enregistrés comme preuve pour facturer un départ tardif.`,
  guestPresentSlack: (minutes) =>
    minutes >= 0
      ? `Temps restant avant la prochaine arrivée : ${minutes} min.`
      : `La prochaine arrivée est compromise : il manque ${-minutes} min.`,
  seeRun: "Voir l'inspection :",
  issuesSubject: (count, property) => `${count} problèmes de gravité élevée signalés à ${property}`,
  issues: (count, kind, property) =>
    `Votre agent de ménage a signalé ${count} problèmes de gravité élevée pendant ${kind} à ${property} :`,
  eachIssueLink:
    'Chaque lien ouvre le problème sur la page de l’inspection, où vous pouvez le résoudre ou en faire une inspection de suivi.',
  noIssues: 'Aucun problème n’a été signalé.',
  issueTally: (count, high) =>
    `${count} problème${count === 1 ? '' : 's'}${high ? `, dont ${high} de gravité élevée` : ''} :`,
  reportSubject: (property, kindLabel) => `Rapport d’inspection : ${kindLabel} à ${property} terminée`,
  reportCompleted: (kind, property, time, rate, tally) =>
    `${capitalized(kind)} à ${property} a été terminée${time ? ` le ${time}` : ''} (${rate} % des tâches). ${tally}`,
  reportIssue: (description, severity) => `${description} (gravité ${severity})`,
  reportAttached: 'Le rapport PDF horodaté est joint à cet e-mail.',
  reportTooLarge: 'Le rapport PDF est trop volumineux pour être joint ; téléchargez-le ici (connexion requise) :',
  // French keeps 0 and 1 singular.
  weekSubject: (runs, issues, reports) =>
    `Votre semaine Turnproof : ${runs} inspection${runs > 1 ? 's' : ''}, ${issues} problème${issues > 1 ? 's' : ''}, ${reports} rapport${reports > 1 ? 's' : ''}`,
  week: (from, to) => `Votre semaine du ${from} au ${to} :`,
  weekRuns: (count, completed) => `Inspections : ${count} (terminées : ${completed})`,
  weekRun: (property, kindLabel, status, day) => `${property} : ${kindLabel}, ${status} (${day})`,
  weekIssues: (count) => `Problèmes : ${count}`,
  weekIssue: (property, severity, description) => `${property} (gravité ${severity}) : ${description}`,
  weekReports: (count) => `Rapports : ${count}`,
  weekRestock: (count) => `À réapprovisionner : ${count} ${count === 1 ? 'fourniture' : 'fournitures'} sous le niveau`,
  weekRestockLine: (property, supply, needed, unit, par) =>
    needed === null
      ? `${property} : ${supply}, bas (niveau ${par} ${unit})`
      : `${property} : ${supply}, apporter ${needed} ${unit}`,
  restockLink: 'Liste de courses (impression ou CSV) :',
  dashboard: 'Tableau de bord :',
  atRiskSubject: (property, kindLabel) => `Arrivée menacée : ${kindLabel} à ${property} pas commencée`,
  atRisk: (kind, property, assignee, time) =>
    `${capitalized(kind)} à ${property} n’a pas commencé${assignee ? ` (confiée à ${assignee})` : ''}, et la prochaine arrivée est le ${time}.`,
  atRiskAdvice:
    'Même en commençant maintenant, elle risque de ne pas être finie à temps. Appelez votre agent de ménage ou trouvez quelqu’un d’autre.',
  orphanSubject: (property, kindLabel) =>
    `Réservation disparue, inspection conservée : ${kindLabel} à ${property} déjà commencée`,
  orphan: (kind, property, due) =>
    `La réservation de ${kind} à ${property}${due ? ` (échéance le ${due})` : ''} a disparu du calendrier de réservations.`,
  orphanStarted: (assignee) =>
    `${assignee ?? 'L’agent de ménage'} a déjà commencé, l’inspection n’a donc pas été annulée. Décidez si elle doit continuer.`,
  runLink: 'Inspection :',
  claimDeadlineSubject: (property, time) => `Échéance de la réclamation pour dommages ${time} : ${property}`,
  claimDeadline: (kind, property, time) =>
    `La réclamation pour dommages de ${kind} à ${property} doit être déposée auprès de la plateforme de réservation avant le ${time}.`,
  claimDaysLeft: (days) =>
    days <= 0 ? 'C’est le dernier jour.' : days === 1 ? 'Il reste 1 jour.' : `Il reste ${days} jours.`,
  claimRules: {
    airbnb: 'Airbnb : 14 jours après le départ ou avant la prochaine arrivée, selon ce qui vient en premier',
    unknown:
      'Par défaut (plateforme inconnue) : 14 jours après le départ ou avant la prochaine arrivée, selon ce qui vient en premier',
  },
  claimAdvice:
    'Téléchargez le dossier de réclamation depuis la page de l’inspection. Une fois la réclamation déposée, ou s’il n’y a rien à réclamer, indiquez-le là et ces rappels s’arrêtent.',
};

export const RUN_MAIL_TEXTS: Record<Language, RunMailTexts> = { en, es, fr };
