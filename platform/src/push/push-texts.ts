import type { Language } from '@turnproof/config/languages';

/**
 * The words of browser notifications, in the receiver's language: the title says what happened and where,
 * the body what to look at. Times come formatted in the property's zone.
 */
export const PUSH_TEXTS = {
  en: {
    issue: (property: string) => `High-severity issue: ${property}`,
    issues: (count: number) => `${count} high-severity issues reported. Open the run to see them.`,
    completed: (property: string) => `Run completed: ${property}`,
    completedBody: 'The photos and the report are ready to review.',
    overdue: (property: string) => `Run overdue: ${property}`,
    overdueBody: (due: string) => `Not completed by its due time, ${due}.`,
    guestPresent: (property: string) => `Guest still here: ${property}`,
    guestPresentBody: (at: string) => `The cleaner found the guest still in the unit at ${at}.`,
    declined: (property: string) => `Cleaner declined: ${property}`,
    declinedBody: (cleaner: string) => `${cleaner} can't do this run. Find someone else.`,
    claimDeadline: (property: string) => `Damage claim deadline: ${property}`,
    claimDeadlineBody: (deadline: string) => `File the claim with the booking platform by ${deadline}.`,
    newJob: (property: string) => `New job: ${property}`,
    newJobDue: (due: string) => `Due ${due}. Tap to open the checklist.`,
    newJobAnytime: 'No due time. Tap to open the checklist.',
  },
  es: {
    issue: (property: string) => `Incidencia grave: ${property}`,
    issues: (count: number) => `${count} incidencias graves. Abre la inspección para verlas.`,
    completed: (property: string) => `Inspección terminada: ${property}`,
    completedBody: 'Las fotos y el informe están listos para revisar.',
    overdue: (property: string) => `Inspección atrasada: ${property}`,
    overdueBody: (due: string) => `No se terminó a su hora límite, ${due}.`,
    guestPresent: (property: string) => `El huésped sigue aquí: ${property}`,
    guestPresentBody: (at: string) => `La persona de limpieza encontró al huésped aún en la unidad a las ${at}.`,
    declined: (property: string) => `La persona de limpieza rechazó: ${property}`,
    declinedBody: (cleaner: string) => `${cleaner} no puede hacer esta inspección. Busca a otra persona.`,
    claimDeadline: (property: string) => `Plazo de la reclamación por daños: ${property}`,
    claimDeadlineBody: (deadline: string) =>
      `Presenta la reclamación en la plataforma de reservas antes del ${deadline}.`,
    newJob: (property: string) => `Nuevo trabajo: ${property}`,
    newJobDue: (due: string) => `Para el ${due}. Toca para abrir la lista.`,
    newJobAnytime: 'Sin hora límite. Toca para abrir la lista.',
  },
  fr: {
    issue: (property: string) => `Problème grave : ${property}`,
    issues: (count: number) => `${count} problèmes graves signalés. Ouvrez l'inspection pour les voir.`,
    completed: (property: string) => `Inspection terminée : ${property}`,
    completedBody: 'Les photos et le rapport sont prêts à être vérifiés.',
    overdue: (property: string) => `Inspection en retard : ${property}`,
    overdueBody: (due: string) => `Pas terminée à l'heure prévue, ${due}.`,
    guestPresent: (property: string) => `Voyageur encore sur place : ${property}`,
    guestPresentBody: (at: string) => `L'agent d'entretien a trouvé le voyageur encore dans le logement à ${at}.`,
    declined: (property: string) => `Refus de l'agent d'entretien : ${property}`,
    declinedBody: (cleaner: string) => `${cleaner} ne peut pas faire cette inspection. Trouvez quelqu'un d'autre.`,
    claimDeadline: (property: string) => `Échéance de la réclamation pour dommages : ${property}`,
    claimDeadlineBody: (deadline: string) =>
      `Déposez la réclamation auprès de la plateforme de réservation avant le ${deadline}.`,
    newJob: (property: string) => `Nouvelle mission : ${property}`,
    newJobDue: (due: string) => `Pour le ${due}. Touchez pour ouvrir la liste.`,
    newJobAnytime: "Pas d'heure prévue. Touchez pour ouvrir la liste.",
  },
} satisfies Record<Language, unknown>;
