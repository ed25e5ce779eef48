import type { Language } from '@turnproof/config/languages';

/** Every sentence of the vendor's page, in the three languages the product speaks. */
export const VENDOR_PAGE_TEXTS: Record<
  Language,
  {
    heading: string;
    due: string;
    issue: string;
    reported: string;
    job: string;
    fixPhotos: string;
    addPhotos: string;
    note: string;
    cost: string;
    costLimit: (limit: string) => string;
    complete: string;
    uploading: string;
    failed: string;
    done: string;
    awaiting: string;
    approved: string;
    sentBack: string;
    invalid: string;
    revoked: string;
  }
> = {
  en: {
    heading: 'Work order',
    due: 'Due',
    issue: 'What the cleaner reported',
    reported: 'Reported',
    job: 'The job',
    fixPhotos: 'Photos of the fix',
    addPhotos: 'Add photos of the fix',
    note: 'Note for the host',
    cost: 'Cost (USD)',
    costLimit: (limit) => `Costs over ${limit} wait for the owner's approval.`,
    complete: 'Mark as done',
    uploading: 'Uploading…',
    failed: 'That did not work. Please try again.',
    done: 'Done. Thank you! The host has been told.',
    awaiting: "The cost is over the limit: it waits for the owner's approval.",
    approved: 'The host approved this work.',
    sentBack: 'The host sent this back:',
    invalid: 'This work order link is invalid. Please ask the host for a new link.',
    revoked: 'This work order link was revoked by the host. Please ask the host for a new link.',
  },
  es: {
    heading: 'Orden de trabajo',
    due: 'Para',
    issue: 'Lo que reportó el personal de limpieza',
    reported: 'Reportado',
    job: 'El trabajo',
    fixPhotos: 'Fotos del arreglo',
    addPhotos: 'Añadir fotos del arreglo',
    note: 'Nota para el anfitrión',
    cost: 'Costo (USD)',
    costLimit: (limit) => `Los costos de más de ${limit} esperan la aprobación del propietario.`,
    complete: 'Marcar como hecho',
    uploading: 'Subiendo…',
    failed: 'No funcionó. Inténtalo de nuevo.',
    done: 'Hecho. ¡Gracias! El anfitrión ha sido avisado.',
    awaiting: 'El costo supera el límite: espera la aprobación del propietario.',
    approved: 'El anfitrión aprobó este trabajo.',
    sentBack: 'El anfitrión lo devolvió:',
    invalid: 'Este enlace de orden de trabajo no es válido. Pide un enlace nuevo al anfitrión.',
    revoked: 'El anfitrión revocó este enlace. Pide un enlace nuevo al anfitrión.',
  },
  fr: {
    heading: 'Bon d’intervention',
    due: 'Échéance',
    issue: 'Ce que l’agent d’entretien a signalé',
    reported: 'Signalé',
    job: 'L’intervention',
    fixPhotos: 'Photos de la réparation',
    addPhotos: 'Ajouter des photos de la réparation',
    note: 'Note pour l’hôte',
    cost: 'Coût (USD)',
    costLimit: (limit) => `Un coût de plus de ${limit} attend l’accord du propriétaire.`,
    complete: 'Marquer comme terminé',
    uploading: 'Envoi…',
    failed: 'Cela n’a pas marché. Réessayez.',
    done: 'Terminé. Merci ! L’hôte a été prévenu.',
    awaiting: 'Le coût dépasse la limite : il attend l’accord du propriétaire.',
    approved: 'L’hôte a approuvé ce travail.',
    sentBack: 'L’hôte l’a renvoyé :',
    invalid: 'Ce lien de bon d’intervention n’est pas valide. Demandez un nouveau lien à l’hôte.',
    revoked: 'L’hôte a révoqué ce lien. Demandez un nouveau lien à l’hôte.',
  },
};
