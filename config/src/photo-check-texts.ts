import type { Language } from './languages.ts';

/** The server's automatic checks of a photo (db's PHOTO_CHECKS). */
type PhotoCheck = 'blurry' | 'dark' | 'reused' | 'captured_before_run' | 'not_from_camera';

/**
 * What each check found, as the host reads it: on the run page (the console's messages) and in the report and
 * claim PDFs (the worker's texts), the same sentence in both.
 */
export const PHOTO_CHECK_SENTENCES: Record<Language, Record<PhotoCheck, string>> = {
  en: {
    blurry: 'The photo looks blurry.',
    dark: 'The photo looks too dark.',
    reused: 'The same picture was sent in an earlier run.',
    captured_before_run: 'The photo was taken before this run was created.',
    not_from_camera: 'The photo does not come from a camera, and this task asks for one.',
  },
  es: {
    blurry: 'La foto parece borrosa.',
    dark: 'La foto parece demasiado oscura.',
    reused: 'La misma imagen se envió en una inspección anterior.',
    captured_before_run: 'La foto se tomó antes de crear esta inspección.',
    not_from_camera: 'La foto no viene de una cámara y esta tarea la pide.',
  },
  fr: {
    blurry: 'La photo semble floue.',
    dark: 'La photo semble trop sombre.',
    reused: 'La même image a été envoyée lors d’une inspection précédente.',
    captured_before_run: 'La photo a été prise avant la création de cette inspection.',
    not_from_camera: 'La photo ne vient pas d’un appareil photo, et cette tâche en demande un.',
  },
};
