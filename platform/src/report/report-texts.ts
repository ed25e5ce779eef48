import { PHOTO_CHECK_SENTENCES } from '@turnproof/config/photo-check-texts';
import type { Language } from '@turnproof/config/languages';
import type { AlertKind } from '@turnproof/db';
import { CLAIM_RULES, type ClaimPlatform } from '../claims/claim-deadline.ts';
import type { ReportReview, RunType } from './report-data.ts';
import { plural } from './report-format.ts';

type Severity = 'low' | 'medium' | 'high';

/**
 * The words of the report and claim PDFs, in the host's language (`hostLanguage`, as their mails). Spanish
 * and French use the console's wording (console/src/i18n) where it says the same thing. User-written text
 * (titles, descriptions, notes) is printed as written; dates come formatted in the language already.
 */
const en = {
  reportBrand: 'Turnproof Inspection Report',
  runTypes: { turnover: 'Turnover', move_in: 'Move-In Inspection', move_out: 'Move-Out Inspection' } as Record<
    RunType,
    string
  >,
  /** What "before" is, by the type of the run that has a baseline (a move-in has none). */
  baselines: { move_out: 'Move-In', turnover: 'Previous turnover' } as Partial<Record<RunType, string>>,

  checklist: 'Checklist',
  started: 'Started',
  ended: 'Ended',
  duration: 'Duration',
  tasksCompleted: (done: number, total: number, rate: number) =>
    `${done} of ${plural(total, 'task')} completed (${rate}%)`,
  workTime: 'Work time',
  paused: 'Paused',
  arrived: 'Arrived',
  awayFromProperty: 'Away from the property',
  workedAway: (distance: string) => `Worked up to ${distance} away`,
  guestStillHere: 'Guest still here',
  lateCheckout: 'Late checkout',
  unit: 'Unit',
  tenant: 'Tenant',
  lease: 'Lease',
  leaseFrom: (day: string) => `From ${day}`,
  leaseUntil: (day: string) => `Until ${day}`,

  issues: (count: number) => `Issues (${count})`,
  severities: { high: 'High', medium: 'Medium', low: 'Low' } as Record<Severity, string>,
  issueKinds: {
    issue: 'Issue',
    overdue: 'Overdue',
    at_risk: 'Check-in at risk',
    calendar: 'Booking calendar',
    guest_present: 'Guest still here',
  } as Record<AlertKind, string>,
  onTask: (task: string) => `Task: ${task} · `,
  reported: (time: string) => `Reported ${time}`,

  supplies: 'Supplies',
  supply: 'Supply',
  parLevel: 'Par level',
  counted: 'Counted',
  toBring: 'To bring',
  notCounted: 'Not counted',
  low: 'Low',
  topUp: (par: number) => `Top up to ${par}`,

  tasks: 'Tasks',
  noTasks: 'This checklist has no tasks.',
  checkedAt: (time: string) => `Checked ${time}`,
  took: (duration: string) => `Took ${duration}`,
  completed: '✓ Completed',
  notCompleted: '✗ Not completed',
  comment: 'Comment:',
  before: 'Before',
  thisRun: 'This run',
  noPhoto: 'No photo',
  photos: (count: number) => plural(count, 'photo'),
  videosNotShown: (count: number) => `${plural(count, 'video')} (not shown)`,
  noPhotos: 'No photos',
  requiredMissing: (missing: number, required: number) => `${missing} of ${required} required missing`,
  required: (required: number) => `${required} required`,

  deviceTime: 'Device time (claimed):',
  receivedByServer: 'Received by server:',
  devicePosition: 'Device position (claimed):',
  photoNumber: (number: number) => `Photo ${number}`,
  photoNotShown: (number: number) => `Photo ${number} could not be displayed`,
  footer: (time: string, runId: string, version: number) =>
    `Generated ${time} · Run ${runId} · Report version ${version}`,
  /** Around the page number and count in each page's footer: 'Page 1 of 3'. */
  pageOf: { page: 'Page', of: 'of' },

  review: 'Review',
  decisions: {
    approved: 'Approved by the host',
    revision_requested: 'Revision requested by the host',
  } as Record<ReportReview['decision'], string>,
  score: (score: number) => ` · Score ${score}/5`,
  hostNote: "Host's note:",

  proof: 'Proof',
  qrCode: 'QR code of the verification page',
  captureLog: (entries: number) =>
    `Capture log: ${plural(entries, 'entry', 'entries')}, each chained to the one before by SHA-256. Times and positions marked "claimed" come from the cleaner's device; the server's received time is shown beside them.`,
  signedOnPhone: (signed: number, entries: number) =>
    `${signed} of ${plural(entries, 'entry', 'entries')} signed on the cleaner's phone.`,
  chainHead: 'Chain head:',
  anchored: (tsa: string, time: string) =>
    `Independently timestamped: ${tsa} signed this chain head at ${time} (RFC 3161). The token and how to check it offline are on the verification page.`,
  notAnchored:
    'Independent timestamps of this capture log by an RFC 3161 time-stamping authority, and how to check them offline, are listed on the verification page.',
  verify: 'Verify this report:',

  changesHeading: 'Possible changes — confirm or dismiss',
  changeMap: 'Both photos side by side, possible changes outlined and numbered',
  changeMapNotShown: 'The outlined photos could not be displayed',
  changeStatuses: {
    proposed: 'Possible change, not yet confirmed by the host',
    dismissed: 'Dismissed by the host: no change',
    damage: 'Damage, confirmed by the host',
    confirmed: 'Confirmed by the host',
  },

  /** The same sentences the console shows on the run page. */
  photoChecks: PHOTO_CHECK_SENTENCES.en,
  reusedFrom: (runId: string) => `run ${runId}`,
  acceptedCheck: (sentence: string) => `Accepted by the host: ${sentence}`,

  claimBrand: 'Turnproof Damage Claim',
  claimTitle: (property: string) => `Damage claim – ${property}`,
  claimDeadline: 'Claim deadline',
  fileBy: (time: string) => `File this claim by ${time}`,
  claimRules: { airbnb: CLAIM_RULES.airbnb.name, unknown: CLAIM_RULES.unknown.name } as Record<ClaimPlatform, string>,
  checkoutAndNext: (checkout: string, nextCheckIn: string | null) =>
    `Checkout: ${checkout}. Next check-in: ${nextCheckIn ?? 'none known'}.`,
  inspection: 'Inspection',
  run: 'Run',
  reservation: 'Reservation',
  startedServer: 'Started (server)',
  completedServer: 'Completed (server)',
  noIssues: 'No issue was reported on this run.',
  noTask: 'Not tied to a task',
  claimIssue: (severity: Severity, time: string) => `${severity} issue, reported ${time}:`,
  beforeColumn: (baseline: string | null) => `Before${baseline ? ` (${baseline})` : ''}`,
  afterColumn: 'After (this run)',
  unreadablePhoto: 'Unreadable photo',
  photo: 'Photo',
  changesBetween: 'Changes between the photos',
  onlyConfirmed: 'Only the changes the host confirmed are claimed as damage.',
};

export type ReportTexts = typeof en;

const es: ReportTexts = {
  reportBrand: 'Informe de inspección de Turnproof',
  runTypes: { turnover: 'Rotación', move_in: 'Inspección de entrada', move_out: 'Inspección de salida' },
  baselines: { move_out: 'Entrada', turnover: 'Rotación anterior' },

  checklist: 'Lista de tareas',
  started: 'Inicio',
  ended: 'Fin',
  duration: 'Duración',
  tasksCompleted: (done, total, rate) =>
    `${done} de ${total} ${total === 1 ? 'tarea completada' : 'tareas completadas'} (${rate} %)`,
  workTime: 'Tiempo de trabajo',
  paused: 'En pausa',
  arrived: 'Llegada',
  awayFromProperty: 'Lejos de la propiedad',
  workedAway: (distance) => `Trabajó a una distancia de hasta ${distance}`,
  guestStillHere: 'El huésped sigue aquí',
  lateCheckout: 'Salida tardía',
  unit: 'Unidad',
  tenant: 'Inquilino',
  lease: 'Contrato',
  leaseFrom: (day) => `Desde el ${day}`,
  leaseUntil: (day) => `Hasta el ${day}`,

  issues: (count) => `Incidencias (${count})`,
  severities: { high: 'Alta', medium: 'Media', low: 'Baja' },
  issueKinds: {
    issue: 'Incidencia',
    overdue: 'Con retraso',
    at_risk: 'Entrada en riesgo',
    calendar: 'Calendario de reservas',
    guest_present: 'El huésped sigue aquí',
  },
  onTask: (task) => `Tarea: ${task} · `,
  reported: (time) => `Avisada el ${time}`,

  supplies: 'Suministros',
  supply: 'Suministro',
  parLevel: 'Nivel ideal',
  counted: 'Contado',
  toBring: 'A llevar',
  notCounted: 'Sin contar',
  low: 'Poco',
  topUp: (par) => `Completar hasta ${par}`,

  tasks: 'Tareas',
  noTasks: 'Esta lista no tiene tareas.',
  checkedAt: (time) => `Marcada el ${time}`,
  took: (duration) => `Duración: ${duration}`,
  completed: '✓ Completada',
  notCompleted: '✗ Sin completar',
  comment: 'Comentario:',
  before: 'Antes',
  thisRun: 'Esta inspección',
  noPhoto: 'Sin foto',
  photos: (count) => plural(count, 'foto', 'fotos', 'es'),
  videosNotShown: (count) =>
    `${plural(count, 'vídeo', 'vídeos', 'es')} (${count === 1 ? 'no se muestra' : 'no se muestran'})`,
  noPhotos: 'Sin fotos',
  requiredMissing: (missing, required) =>
    `${missing === 1 ? 'falta' : 'faltan'} ${missing} de ${required} obligatorias`,
  required: (required) => `${required} ${required === 1 ? 'obligatoria' : 'obligatorias'}`,

  deviceTime: 'Hora del dispositivo (declarada):',
  receivedByServer: 'Recibida por el servidor:',
  devicePosition: 'Ubicación del dispositivo (declarada):',
  photoNumber: (number) => `Foto ${number}`,
  photoNotShown: (number) => `No se pudo mostrar la foto ${number}`,
  footer: (time, runId, version) => `Generado el ${time} · Inspección ${runId} · Versión del informe ${version}`,
  pageOf: { page: 'Página', of: 'de' },

  review: 'Revisión',
  decisions: {
    approved: 'Aprobada por el anfitrión',
    revision_requested: 'Revisión pedida por el anfitrión',
  },
  score: (score) => ` · Puntuación ${score}/5`,
  hostNote: 'Nota del anfitrión:',

  proof: 'Prueba',
  qrCode: 'Código QR de la página de verificación',
  captureLog: (entries) =>
    `Registro de capturas: ${plural(entries, 'entrada', 'entradas', 'es')}, cada una encadenada a la anterior mediante SHA-256. Las horas y ubicaciones marcadas como «declaradas» proceden del dispositivo del limpiador; al lado figura la hora de recepción del servidor.`,
  signedOnPhone: (signed, entries) =>
    `${signed} de ${entries} ${entries === 1 ? 'entrada firmada' : 'entradas firmadas'} en el teléfono del limpiador.`,
  chainHead: 'Último eslabón de la cadena:',
  anchored: (tsa, time) =>
    `Sellado de tiempo independiente: ${tsa} firmó este último eslabón el ${time} (RFC 3161). El sello y cómo comprobarlo sin conexión están en la página de verificación.`,
  notAnchored:
    'Los sellos de tiempo independientes de este registro, emitidos por una autoridad de sellado de tiempo RFC 3161, y cómo comprobarlos sin conexión figuran en la página de verificación.',
  verify: 'Verifica este informe:',

  changesHeading: 'Posibles cambios: confirmar o descartar',
  changeMap: 'Ambas fotos lado a lado, con los posibles cambios marcados y numerados',
  changeMapNotShown: 'No se pudieron mostrar las fotos marcadas',
  changeStatuses: {
    proposed: 'Posible cambio, aún sin confirmar por el anfitrión',
    dismissed: 'Descartado por el anfitrión: no hay cambio',
    damage: 'Daño, confirmado por el anfitrión',
    confirmed: 'Confirmado por el anfitrión',
  },

  photoChecks: PHOTO_CHECK_SENTENCES.es,
  reusedFrom: (runId) => `inspección ${runId}`,
  acceptedCheck: (sentence) => `Aceptado por el anfitrión: ${sentence}`,

  claimBrand: 'Reclamación por daños de Turnproof',
  claimTitle: (property) => `Reclamación por daños – ${property}`,
  claimDeadline: 'Plazo de la reclamación',
  fileBy: (time) => `Presenta esta reclamación antes del ${time}`,
  claimRules: {
    airbnb: 'Airbnb: 14 días después del check-out o antes del siguiente check-in, lo que ocurra primero',
    unknown:
      'Por defecto (plataforma desconocida): 14 días después del check-out o antes del siguiente check-in, lo que ocurra primero',
  },
  checkoutAndNext: (checkout, nextCheckIn) =>
    `Check-out: ${checkout}. Siguiente check-in: ${nextCheckIn ?? 'no se conoce'}.`,
  inspection: 'Tipo de inspección',
  run: 'Inspección',
  reservation: 'Reserva',
  startedServer: 'Inicio (servidor)',
  completedServer: 'Completada (servidor)',
  noIssues: 'No se avisó de ninguna incidencia en esta inspección.',
  noTask: 'Sin tarea asociada',
  claimIssue: (severity, time) =>
    `Incidencia de gravedad ${es.severities[severity].toLowerCase()}, avisada el ${time}:`,
  beforeColumn: (baseline) => `Antes${baseline ? ` (${baseline})` : ''}`,
  afterColumn: 'Después (esta inspección)',
  unreadablePhoto: 'Foto ilegible',
  photo: 'Foto',
  changesBetween: 'Cambios entre las fotos',
  onlyConfirmed: 'Solo se reclaman como daños los cambios que el anfitrión confirmó.',
};

const fr: ReportTexts = {
  reportBrand: 'Rapport d’inspection Turnproof',
  runTypes: { turnover: 'Rotation', move_in: 'Inspection d’entrée', move_out: 'Inspection de sortie' },
  baselines: { move_out: 'Entrée', turnover: 'Rotation précédente' },

  checklist: 'Checklist',
  started: 'Début',
  ended: 'Fin',
  duration: 'Durée',
  tasksCompleted: (done, total, rate) =>
    `${plural(done, 'tâche terminée', 'tâches terminées', 'fr')} sur ${total} (${rate} %)`,
  workTime: 'Temps de travail',
  paused: 'En pause',
  arrived: 'Arrivée',
  awayFromProperty: 'Loin du logement',
  workedAway: (distance) => `Travail jusqu’à ${distance} du logement`,
  guestStillHere: 'Voyageur encore là',
  lateCheckout: 'Départ tardif',
  unit: 'Appartement',
  tenant: 'Locataire',
  lease: 'Bail',
  leaseFrom: (day) => `À partir du ${day}`,
  leaseUntil: (day) => `Jusqu’au ${day}`,

  issues: (count) => `Problèmes (${count})`,
  severities: { high: 'Élevée', medium: 'Moyenne', low: 'Faible' },
  issueKinds: {
    issue: 'Problème',
    overdue: 'En retard',
    at_risk: 'Arrivée menacée',
    calendar: 'Calendrier des réservations',
    guest_present: 'Voyageur encore là',
  },
  onTask: (task) => `Tâche : ${task} · `,
  reported: (time) => `Signalé le ${time}`,

  supplies: 'Fournitures',
  supply: 'Fourniture',
  parLevel: 'Niveau cible',
  counted: 'Compté',
  toBring: 'À apporter',
  notCounted: 'Non compté',
  low: 'Bas',
  topUp: (par) => `Compléter jusqu’à ${par}`,

  tasks: 'Tâches',
  noTasks: 'Cette checklist n’a aucune tâche.',
  checkedAt: (time) => `Cochée le ${time}`,
  took: (duration) => `Durée : ${duration}`,
  completed: '✓ Terminée',
  notCompleted: '✗ Non terminée',
  comment: 'Commentaire :',
  before: 'Avant',
  thisRun: 'Cette inspection',
  noPhoto: 'Pas de photo',
  photos: (count) => plural(count, 'photo', 'photos', 'fr'),
  videosNotShown: (count) =>
    `${plural(count, 'vidéo', 'vidéos', 'fr')} (${count > 1 ? 'non affichées' : 'non affichée'})`,
  noPhotos: 'Aucune photo',
  requiredMissing: (missing, required) =>
    `${plural(missing, 'manquante', 'manquantes', 'fr')} sur ${plural(required, 'obligatoire', 'obligatoires', 'fr')}`,
  required: (required) => `${required} ${required > 1 ? 'obligatoires' : 'obligatoire'}`,

  deviceTime: 'Heure de l’appareil (déclarée) :',
  receivedByServer: 'Reçue par le serveur :',
  devicePosition: 'Position de l’appareil (déclarée) :',
  photoNumber: (number) => `Photo ${number}`,
  photoNotShown: (number) => `La photo ${number} n’a pas pu être affichée`,
  footer: (time, runId, version) => `Généré le ${time} · Inspection ${runId} · Version du rapport ${version}`,
  pageOf: { page: 'Page', of: 'sur' },

  review: 'Évaluation',
  decisions: {
    approved: 'Approuvée par l’hôte',
    revision_requested: 'Révision demandée par l’hôte',
  },
  score: (score) => ` · Note ${score}/5`,
  hostNote: 'Note de l’hôte :',

  proof: 'Preuve',
  qrCode: 'QR code de la page de vérification',
  captureLog: (entries) =>
    `Journal de capture : ${plural(entries, 'entrée', 'entrées', 'fr')}, chacune chaînée à la précédente par SHA-256. Les heures et positions marquées « déclarées » viennent de l’appareil de l’agent de ménage ; l’heure de réception du serveur figure à côté.`,
  signedOnPhone: (signed, entries) =>
    `${signed} sur ${plural(entries, 'entrée', 'entrées', 'fr')} ${signed > 1 ? 'signées' : 'signée'} sur le téléphone de l’agent de ménage.`,
  chainHead: 'Tête de chaîne :',
  anchored: (tsa, time) =>
    `Horodatage indépendant : ${tsa} a signé cette tête de chaîne le ${time} (RFC 3161). Le jeton et la façon de le vérifier hors ligne figurent sur la page de vérification.`,
  notAnchored:
    'Les horodatages indépendants de ce journal de capture par une autorité d’horodatage RFC 3161, et la façon de les vérifier hors ligne, figurent sur la page de vérification.',
  verify: 'Vérifiez ce rapport :',

  changesHeading: 'Changements possibles — confirmer ou écarter',
  changeMap: 'Les deux photos côte à côte, changements possibles encadrés et numérotés',
  changeMapNotShown: 'Les photos encadrées n’ont pas pu être affichées',
  changeStatuses: {
    proposed: 'Changement possible, pas encore confirmé par l’hôte',
    dismissed: 'Écarté par l’hôte : aucun changement',
    damage: 'Dégât, confirmé par l’hôte',
    confirmed: 'Confirmé par l’hôte',
  },

  photoChecks: PHOTO_CHECK_SENTENCES.fr,
  reusedFrom: (runId) => `inspection ${runId}`,
  acceptedCheck: (sentence) => `Accepté par l’hôte : ${sentence}`,

  claimBrand: 'Réclamation pour dommages Turnproof',
  claimTitle: (property) => `Réclamation pour dommages – ${property}`,
  claimDeadline: 'Échéance de la réclamation',
  fileBy: (time) => `Déposez cette réclamation avant le ${time}`,
  claimRules: {
    airbnb: 'Airbnb : 14 jours après le départ ou avant la prochaine arrivée, selon ce qui vient en premier',
    unknown:
      'Par défaut (plateforme inconnue) : 14 jours après le départ ou avant la prochaine arrivée, selon ce qui vient en premier',
  },
  checkoutAndNext: (checkout, nextCheckIn) =>
    `Départ : ${checkout}. Prochaine arrivée : ${nextCheckIn ?? 'aucune connue'}.`,
  inspection: 'Type d’inspection',
  run: 'Inspection',
  reservation: 'Réservation',
  startedServer: 'Début (serveur)',
  completedServer: 'Fin (serveur)',
  noIssues: 'Aucun problème n’a été signalé lors de cette inspection.',
  noTask: 'Sans tâche associée',
  claimIssue: (severity, time) => `Problème de gravité ${fr.severities[severity].toLowerCase()}, signalé le ${time} :`,
  beforeColumn: (baseline) => `Avant${baseline ? ` (${baseline})` : ''}`,
  afterColumn: 'Après (cette inspection)',
  unreadablePhoto: 'Photo illisible',
  photo: 'Photo',
  changesBetween: 'Changements entre les photos',
  onlyConfirmed: 'Seuls les changements confirmés par l’hôte sont réclamés comme dégâts.',
};

export const REPORT_TEXTS: Record<Language, ReportTexts> = { en, es, fr };
