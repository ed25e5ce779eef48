import { describe, expect, it } from 'vitest';
import { describeError } from '../../src/i18n/describe-error.ts';
import { pickLocale } from '../../src/i18n/locale.ts';
import { en, es, fr } from '../../src/i18n/messages.ts';
import { MEDIA_STORAGE_FULL_MESSAGE } from '../../src/offline/offline-db.ts';
import { RunnerApiError } from '../../src/offline/runner-api.ts';
import { COMPRESSION_TIMEOUT_MESSAGE } from '../../src/photos/compress-photo.ts';

describe('the runner’s languages', () => {
  it('takes the stored choice, else the first browser language it speaks, else English', () => {
    expect(pickLocale(null, ['es-ES', 'en-US'])).toBe('es');
    expect(pickLocale(null, ['de-DE', 'fr-CA', 'es'])).toBe('fr');
    expect(pickLocale(null, ['de-DE'])).toBe('en');
    expect(pickLocale(null, [])).toBe('en');
    expect(pickLocale('fr', ['es-ES'])).toBe('fr');
    expect(pickLocale('klingon', ['es-ES'])).toBe('es');
  });

  it('keeps the spec’s English texts', () => {
    expect(en.loading).toBe('Loading checklist...');
    expect(en.invalidLinkText).toBe('This link is invalid, expired, or revoked. Please ask the host for a new link.');
    expect(en.syncFailed('x')).toBe('Sync failed: x');
    expect(en.offlineBanner).toBe(
      "You're offline. Your actions and photos will be queued and uploaded automatically when you reconnect.",
    );
  });

  it('translates every text (no English left over in Spanish or French, apart from shared words)', () => {
    const shared = new Set(['errorTitle', 'pause']);
    for (const dictionary of [es, fr]) {
      const same = Object.keys(en).filter(
        (key) =>
          !shared.has(key) &&
          typeof en[key as keyof typeof en] === 'string' &&
          en[key as keyof typeof en] === dictionary[key as keyof typeof en],
      );
      expect(same).toEqual([]);
    }
  });

  it('counts with each language’s plural rule (French 0 and 1 are singular, English 0 is plural)', () => {
    expect(en.issuePhotosAdded(0)).toBe('0 photos added');
    expect(en.issuePhotosAdded(1)).toBe('1 photo added');
    expect(fr.issuePhotosAdded(0)).toBe('0 photo ajoutée');
    expect(fr.issuePhotosAdded(1)).toBe('1 photo ajoutée');
    expect(fr.issuePhotosAdded(2)).toBe('2 photos ajoutées');
    expect(es.issuePhotosAdded(0)).toBe('0 fotos añadidas');
  });

  it('says what waits to upload and what was sent as a list in the language', () => {
    expect(en.pendingWork({ tasks: 2, photos: 1, issues: 0, completion: false, supplies: 0 })).toBe(
      'Waiting to upload: 2 tasks and 1 photo.',
    );
    expect(fr.pendingWork({ tasks: 1, photos: 0, issues: 1, completion: true, supplies: 0 })).toBe(
      "En attente d'envoi : 1 tâche, 1 signalement et la fin de la visite.",
    );
    expect(es.pendingWork({ tasks: 0, photos: 0, issues: 0, completion: false, supplies: 2 })).toBe(
      'Pendiente de subir: 2 recuentos de suministros.',
    );
    expect(en.sentSummary(1, 3, 0)).toBe('1 task done, 3 photos, and 0 issues reported');
    expect(es.sentSummary(3, 0, 1)).toBe('3 tareas hechas, 0 fotos y 1 problema informado');
  });

  it('describes errors in the current language', () => {
    const refused = new RunnerApiError('task', 503, 'The service is busy.');
    expect(describeError(en, refused)).toBe('Task sync failed: 503 The service is busy.');
    expect(describeError(fr, refused)).toBe('Échec de synchronisation de la tâche: 503 The service is busy.');
    expect(describeError(es, new RunnerApiError('confirm', 0, 'Failed to fetch'))).toBe(
      'Error al confirmar el archivo: error de red (Failed to fetch)',
    );
    expect(describeError(es, new Error(COMPRESSION_TIMEOUT_MESSAGE))).toBe(es.compressionTimeout);
    expect(describeError(fr, new Error(MEDIA_STORAGE_FULL_MESSAGE))).toBe(fr.mediaStorageFull);
    expect(describeError(en, new Error('Something else'))).toBe('Something else');
  });
});
