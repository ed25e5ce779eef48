import { randomUUID } from 'node:crypto';
import { appendCaptureEntries, checkChain, type ChainedEntry } from '@turnproof/db';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { TestApi } from '../support/test-api.ts';
import type { WorkerProcess } from '../support/worker-process.ts';
import { completeThroughMagicLink } from '../runner/cleaner.ts';
import { claimPackZip, newRun, type Owner, pdfText, reportPdf, useProofStack } from './proof-support.ts';

let api: TestApi;
let worker: WorkerProcess;
let owner: Owner;

useProofStack((stack) => ({ api, worker, owner } = stack));

describe('the damage-claim pack', () => {
  it('holds the claim PDF with before/after pairs for the task with an issue, every original photo and a capture log that verifies', async () => {
    const earlier = await newRun(owner, 'turnover');
    await completeThroughMagicLink(earlier.cleaner);
    const { run, cleaner } = await newRun(owner, 'turnover', {}, earlier.propertyId);
    const opened = (await cleaner.openRun()).body.run;
    const damaged = opened.tasks.find((task: { task: { required_media: number } }) => task.task.required_media > 0);
    expect((await cleaner.reportIssue(damaged.id, 'Red wine stain on the sofa')).status).toBe(201);
    await completeThroughMagicLink(cleaner);

    const response = await claimPackZip(owner, run.id, worker);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const zip = await JSZip.loadAsync(Buffer.from(await response.arrayBuffer()));

    const claim = await pdfText(Buffer.from(await zip.file('claim.pdf')!.async('uint8array')));
    // The brand line and the column headings are printed in capitals.
    expect(claim).toContain('TURNPROOF DAMAGE CLAIM');
    expect(claim).toContain(damaged.task.title);
    expect(claim).toContain('Red wine stain on the sofa');
    expect(claim).toContain('BEFORE (PREVIOUS TURNOVER)');
    expect(claim).toContain('AFTER (THIS RUN)');
    expect(claim).toContain('Device time (claimed):');
    expect(claim).toContain('Received by server:');
    expect(claim).not.toContain('No photo');

    const [confirmed] = await api.orm.em
      .getConnection()
      .execute<{ count: string }[]>(`select count(*) from media where run_id = ? and status = 'confirmed'`, [run.id]);
    const photos = Object.keys(zip.files).filter((name) => name.startsWith('photos/') && !zip.files[name]!.dir);
    expect(photos).toHaveLength(Number(confirmed?.count));
    for (const name of photos) {
      const bytes = Buffer.from(await zip.file(name)!.async('uint8array'));
      expect(bytes.equals(await api.storage.read(name.slice('photos/'.length)))).toBe(true);
    }

    const log = JSON.parse(await zip.file('capture-log.json')!.async('string')) as {
      entries: ChainedEntry[];
      chain_head: string;
    };
    const checked = checkChain(log.entries);
    expect(checked.faults).toEqual([]);
    expect(checked.head.hash).toBe(log.chain_head);
    const verification = (await (await fetch(`${api.baseUrl}/api/public/verify/${run.id}`)).json()) as {
      chain_head: string;
    };
    expect(log.chain_head).toBe(verification.chain_head);
    expect(claim.replace(/\s/g, '')).toContain(log.chain_head);
  });

  it('is still this run\'s pack being made when the capture log grows while it prints, never "another inspection\'s"', async () => {
    const { run, cleaner } = await newRun(owner, 'turnover');
    await completeThroughMagicLink(cleaner);
    await reportPdf(owner, run.id, 1, worker);
    const ask = async () => {
      const response = await fetch(`${owner.baseUrl}/api/runs/${run.id}/claim-pack`, {
        headers: { Cookie: owner.cookie },
      });
      return { status: response.status, body: (await response.json()) as { status?: string; error?: string } };
    };

    // The host asks right after completion; the worker starts printing the log as it is.
    const first = await ask();
    expect(first).toMatchObject({ status: 202, body: { status: 'generating' } });
    // Meanwhile the log grows (the host's approval or the cleaner's text reply adds an entry in the
    // minute after completion), long before a print could end: the pack being printed is now an older one.
    await api.orm.em.fork().transactional((tx) =>
      appendCaptureEntries(tx, run.id, [
        {
          kind: 'review_approved',
          payload: { review_id: randomUUID(), task_ids: [], note: null, score: 5 },
          deviceTime: null,
          devicePosition: null,
          receivedAt: new Date(),
        },
      ]),
    );
    const second = await ask();
    expect(second).toMatchObject({ status: 202, body: { status: 'generating' } });

    // Once that print ends, the next request prints the log as it is now, and the claim carries its head.
    const zip = await JSZip.loadAsync(Buffer.from(await (await claimPackZip(owner, run.id, worker)).arrayBuffer()));
    const log = JSON.parse(await zip.file('capture-log.json')!.async('string')) as { entries: ChainedEntry[] };
    expect(log.entries.at(-1)?.kind).toBe('review_approved');
  });
});
