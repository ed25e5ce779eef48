import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { Language } from '@turnproof/config/languages';
import { signedInOwner } from '../support/browser.ts';
import type { TestApi } from '../support/test-api.ts';
import type { WorkerProcess } from '../support/worker-process.ts';
import { completeThroughMagicLink } from '../runner/cleaner.ts';
import { claimPackZip, newRun, type Owner, pdfText, reportPdf, squash, useProofStack } from './proof-support.ts';

let api: TestApi;
let worker: WorkerProcess;

useProofStack((stack) => ({ api, worker } = stack));

/** A host who picked the language in Settings: the worker reads it from their profile when it prints. */
async function hostIn(language: Language): Promise<Owner> {
  const owner = await signedInOwner(api);
  expect((await owner.put('/api/profile', { language })).status).toBe(200);
  return owner;
}

/** The claim PDF's text, from the claim pack the host downloads. */
async function claimText(owner: Owner, runId: string): Promise<string> {
  const response = await claimPackZip(owner, runId, worker);
  expect(response.status).toBe(200);
  const zip = await JSZip.loadAsync(Buffer.from(await response.arrayBuffer()));
  return squash(await pdfText(Buffer.from(await zip.file('claim.pdf')!.async('uint8array'))));
}

describe("the PDFs in the host's language", () => {
  it('prints the report of a host who reads Spanish in Spanish, dates included', async () => {
    const owner = await hostIn('es');
    const { run, cleaner } = await newRun(owner, 'turnover');
    await completeThroughMagicLink(cleaner);

    const text = squash(await pdfText(await reportPdf(owner, run.id, 1, worker)));
    // The brand line is printed in capitals.
    expect(text).toContain('INFORME DE INSPECCIÓN DE TURNPROOF');
    expect(text).toContain('Lista de tareas');
    expect(text).toContain('Tareas');
    expect(text).toContain('✓ Completada');
    expect(text).toContain('Hora del dispositivo (declarada):');
    expect(text).toContain('Recibida por el servidor:');
    expect(text).toContain('Registro de capturas:');
    expect(text).toMatch(/Página 1 de \d/);
    // '29 nov 2026, 14:05 UTC': the day before the month, a 24-hour clock.
    expect(text).toMatch(/Generado el \d{1,2} [a-z]{3} \d{4}, \d{1,2}:\d{2} /);
    expect(text).not.toMatch(/Device time|Received by server|Generated|Page 1 of/);
  });

  it('prints the claim of a host who reads French in French', async () => {
    const owner = await hostIn('fr');
    const { run, cleaner } = await newRun(owner, 'turnover');
    const opened = (await cleaner.openRun()).body.run;
    expect((await cleaner.reportIssue(opened.tasks[0].id, 'Red wine stain on the sofa')).status).toBe(201);
    await completeThroughMagicLink(cleaner);
    // Its first report ready, so the claim's report version stays put between the two downloads below.
    await reportPdf(owner, run.id, 1, worker);

    const claim = await claimText(owner, run.id);
    expect(claim).toContain('RÉCLAMATION POUR DOMMAGES TURNPROOF');
    expect(claim).toContain('Problèmes (1)');
    // The cleaner's words stay as written.
    expect(claim).toContain('Red wine stain on the sofa');
    expect(claim).toContain('Problème de gravité moyenne, signalé le');
    expect(claim).toContain('APRÈS (CETTE INSPECTION)');
    expect(claim).toMatch(/Page 1 sur \d/);
    expect(claim).not.toMatch(/DAMAGE CLAIM|AFTER \(THIS RUN\)|Device time|Received by server/);

    // The host switches Settings to English: the next download is printed again, in English.
    expect((await owner.put('/api/profile', { language: 'en' })).status).toBe(200);
    const english = await claimText(owner, run.id);
    expect(english).toContain('TURNPROOF DAMAGE CLAIM');
    expect(english).toContain('AFTER (THIS RUN)');
    expect(english).not.toContain('RÉCLAMATION');
  });
});
