import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Language } from '@turnproof/config/languages';
import { buildClaimHtml, buildReportHtml, createPdfRenderer, type ClaimData } from '../../src/report/index.ts';
import { pdfText, reportData, reportPhoto, reportTask } from './report-fixtures.ts';

/** The text a reader sees: tags and the inline CSS gone, entities read, spaces collapsed. */
const visibleText = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2563eb' } })
  .jpeg()
  .toBuffer();

// Paris is an hour ahead of UTC in November: the times must stay in the property's zone in every language.
const report = (language: Language) =>
  reportData({
    language,
    timeZone: 'Europe/Paris',
    baselineLabel: null,
    issues: [
      {
        severity: 'high',
        kind: 'issue',
        description: 'Broken tile by the shower',
        taskTitle: 'Bathroom',
        createdAt: '2026-11-22T13:30:00Z',
        photos: [],
      },
    ],
    review: { decision: 'approved', score: 5, note: 'Spotless', reviewedAt: '2026-11-22T15:00:00Z' },
    tasks: [
      reportTask({
        title: 'Bathroom',
        requiredMedia: 2,
        photos: [reportPhoto(jpeg, { capturedAt: '2026-11-22T13:00:00Z', receivedAt: '2026-11-22T13:01:00Z' })],
      }),
      reportTask({ title: 'Balcony swept', checked: false, checkedAt: null }),
    ],
  });

describe('report in the host language', () => {
  it('stays word for word in English', async () => {
    const text = visibleText(await buildReportHtml(report('en')));
    for (const expected of [
      'Turnproof Inspection Report',
      'Issues (1)',
      'High · Issue',
      'Task: Bathroom · Reported Nov 22, 2026, 2:30 PM GMT+1',
      '1 of 2 tasks completed (50%)',
      '✓ Completed',
      '✗ Not completed',
      '1 photo · 1 of 2 required missing',
      'Device time (claimed): Nov 22, 2026, 2:00 PM GMT+1',
      'Received by server: Nov 22, 2026, 2:01 PM GMT+1',
      'Approved by the host',
      "Host's note: Spotless",
      'Capture log: 12 entries',
      "10 of 12 entries signed on the cleaner's phone.",
      'Generated Nov 22, 2026, 3:06 PM GMT+1 · Run',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('speaks Spanish, with Spanish dates in the property time zone; what people wrote stays as written', async () => {
    const html = await buildReportHtml(report('es'));
    const text = visibleText(html);
    expect(html).toContain('<html lang="es">');
    for (const expected of [
      'Informe de inspección de Turnproof',
      'Lista de tareas Standard turnover',
      'Incidencias (1)',
      'Alta · Incidencia',
      'Broken tile by the shower',
      'Tarea: Bathroom · Avisada el 22 nov 2026, 14:30 GMT+1',
      '1 de 2 tareas completadas (50 %)',
      '✓ Completada',
      '✗ Sin completar',
      '1 foto · falta 1 de 2 obligatorias',
      'Hora del dispositivo (declarada): 22 nov 2026, 14:00 GMT+1',
      'Recibida por el servidor: 22 nov 2026, 14:01 GMT+1',
      'Revisión',
      'Aprobada por el anfitrión',
      'Nota del anfitrión: Spotless',
      'Registro de capturas: 12 entradas',
      'Verifica este informe:',
      'Generado el 22 nov 2026, 15:06 GMT+1 · Inspección',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/Issues|Tasks|Device time|Received by server|Completed|Generated/);
  });

  it('speaks French', async () => {
    const text = visibleText(await buildReportHtml(report('fr')));
    for (const expected of [
      'Rapport d’inspection Turnproof',
      'Problèmes (1)',
      'Élevée · Problème',
      'Tâche : Bathroom · Signalé le 22 nov. 2026, 14:30 GMT+1',
      '1 tâche terminée sur 2 (50 %)',
      '✓ Terminée',
      '✗ Non terminée',
      'Heure de l’appareil (déclarée) : 22 nov. 2026, 14:00 GMT+1',
      'Reçue par le serveur : 22 nov. 2026, 14:01 GMT+1',
      'Approuvée par l’hôte',
      'Journal de capture : 12 entrées',
      'Généré le 22 nov. 2026, 15:06 GMT+1 · Inspection',
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe('claim in the host language', () => {
  const claim = (language: Language): ClaimData => ({
    language,
    deadline: {
      deadlineAt: '2026-12-06T10:00:00Z',
      rule: 'Airbnb : 14 jours après le départ ou avant la prochaine arrivée, selon ce qui vient en premier',
      checkoutAt: '2026-11-22T10:00:00Z',
      nextCheckInAt: null,
    },
    runId: 'run-1',
    propertyName: 'Seaside Loft',
    propertyAddress: '12 Harbour Street',
    runType: 'turnover',
    reservationId: null,
    startedAt: '2026-11-22T12:42:00Z',
    endedAt: '2026-11-22T14:05:00Z',
    baselineLabel: 'Rotation précédente',
    timeZone: 'Europe/Paris',
    issues: [
      {
        issue: {
          severity: 'medium',
          kind: 'issue',
          description: 'Wine stain on the rug',
          taskTitle: 'Living room',
          createdAt: '2026-11-22T13:30:00Z',
        },
        before: [],
        after: [{ read: () => Promise.resolve(jpeg), capturedAt: null, receivedAt: '2026-11-22T13:31:00Z' }],
      },
    ],
    changes: [],
    proof: reportData().proof!,
  });

  it('speaks French', async () => {
    const text = visibleText(await buildClaimHtml(claim('fr')));
    for (const expected of [
      'Déposez cette réclamation avant le 6 déc. 2026, 11:00 GMT+1',
      'Départ : 22 nov. 2026, 11:00 GMT+1. Prochaine arrivée : aucune connue.',
      'Réclamation pour dommages Turnproof',
      'Type d’inspection Rotation',
      'Problèmes (1)',
      'Problème de gravité moyenne, signalé le 22 nov. 2026, 14:30 GMT+1 : Wine stain on the rug',
      'Avant (Rotation précédente)',
      'Pas de photo',
      'Après (cette inspection)',
      'Reçue par le serveur : 22 nov. 2026, 14:31 GMT+1',
      'Vérifiez ce rapport :',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('stays word for word in English', async () => {
    const text = visibleText(await buildClaimHtml({ ...claim('en'), baselineLabel: 'Previous turnover' }));
    for (const expected of [
      'File this claim by Dec 6, 2026, 11:00 AM GMT+1',
      'Turnproof Damage Claim',
      'Issues (1)',
      'medium issue, reported Nov 22, 2026, 2:30 PM GMT+1: Wine stain on the rug',
      'Before (Previous turnover)',
      'No photo',
      'After (this run)',
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe('printed in the host language', () => {
  const renderer = createPdfRenderer();
  afterAll(() => renderer.close());

  it("numbers the pages in the host's language", async () => {
    const text = await pdfText(await renderer.render(await buildReportHtml(report('es')), 'es'));
    expect(text).toContain('INFORME DE INSPECCIÓN DE TURNPROOF');
    expect(text).toMatch(/Página 1 de \d/);
    expect(text).not.toMatch(/Page 1 of/);
  });
});
