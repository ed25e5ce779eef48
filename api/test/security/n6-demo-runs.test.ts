import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../proof/proof-support.ts';
import { Cleaner, completeThroughMagicLink } from '../runner/cleaner.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';

// Security review N6: every anonymous demo run shared one property, so the photos of the last
// completed demo became the next visitors' reference photos; each demo run had a full run's quotas; the
// per-address limit counted each IPv6 address apart; and the demo owner was mailed every report.

const PER_NETWORK = 2;
const PER_DAY = 5;
let api: TestApi;
let worker: WorkerProcess;
beforeAll(async () => {
  api = await startTestApi({
    // Behind one proxy, as in production: X-Forwarded-For names the visitor.
    env: { TRUST_PROXY: '1' },
    rateLimits: {
      demoRunsPerIp: { points: PER_NETWORK, durationSeconds: 600 },
      demoRunsPerDay: { points: PER_DAY, durationSeconds: 600 },
    },
  });
  worker = await startWorkerProcess(api);
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

beforeEach(async () => {
  await api.orm.em.getConnection().execute(`delete from rate_limits where key like 'demoRuns%'`);
});

/** POST /demo from a visitor's address; the cleaner of the run it opens, or the refusal. */
async function openDemo(address: string) {
  const answer = await fetch(`${api.baseUrl}/demo`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'X-Forwarded-For': address },
  });
  const location = answer.headers.get('location');
  return {
    status: answer.status,
    text: answer.status === 303 ? '' : await answer.text(),
    cleaner: location ? Cleaner.fromLink(new URL(location, api.baseUrl).href) : null,
  };
}

const reserve = (cleaner: Cleaner, runTaskId: string, size: number, contentType = 'image/jpeg') =>
  cleaner.http.post('/api/public/upload', {
    token: cleaner.token,
    runTaskId,
    fileName: contentType.startsWith('video/') ? 'clip.mp4' : 'photo.jpg',
    contentType,
    size,
    action_id: randomUUID(),
  });

describe('N6: anonymous demo runs', () => {
  it("never show one visitor's photos to the next, and mail no report to the demo owner", async () => {
    const first = await openDemo('198.51.100.7');
    expect(first.status).toBe(303);
    const run = await completeThroughMagicLink(first.cleaner!);

    const next = await openDemo('203.0.113.9');
    expect(next.status).toBe(303);
    const opened = (await next.cleaner!.openRun()).body.run;
    expect(opened.property.name).toBe('Demo Beach House');
    expect(opened.tasks.flatMap((task: { reference: unknown[] }) => task.reference)).toEqual([]);

    // The first visitor's report is made, but mailed to nobody.
    const sql = api.orm.em.getConnection();
    const report = await waitFor(
      'the demo report',
      async () => {
        const [row] = await sql.execute<{ status: string; mail_status: string | null }[]>(
          `select status, mail_status from reports where run_id = ? and version = 1`,
          [run.id],
        );
        return row?.status === 'ready' && row.mail_status !== 'pending' ? row : undefined;
      },
      worker,
      120_000,
    );
    expect(report.mail_status).toBeNull();
    expect(api.mailbox.received.filter((mail) => mail.to.includes('.invalid'))).toEqual([]);
  });

  it('hold a dozen photos, 50 MB and no video', async () => {
    const { cleaner } = await openDemo('198.51.100.20');
    const taskId: string = (await cleaner!.openRun()).body.run.tasks[0].id;
    const video = await reserve(cleaner!, taskId, 1000, 'video/mp4');
    expect(video.status).toBe(415);
    expect(video.body.error).toBe(
      'Videos are not part of the demo. Take a photo instead, or start a free trial to record videos.',
    );
    for (let n = 0; n < 12; n += 1) expect((await reserve(cleaner!, taskId, 1000)).status).toBe(200);
    const thirteenth = await reserve(cleaner!, taskId, 1000);
    expect(thirteenth.status).toBe(429);
    expect(thirteenth.body.error).toBe(
      'This demo already has 12 photos, the most a demo can hold. Start a free trial for real inspections.',
    );

    const other = (await openDemo('198.51.100.21')).cleaner!;
    const otherTask: string = (await other.openRun()).body.run.tasks[0].id;
    expect((await reserve(other, otherTask, 25 * 1024 * 1024)).status).toBe(200);
    expect((await reserve(other, otherTask, 25 * 1024 * 1024)).status).toBe(200);
    const over = await reserve(other, otherTask, 1000);
    expect(over.status).toBe(413);
    expect(over.body.error).toBe(
      'This photo would take the demo over its 50 MB of photos. Start a free trial for real inspections.',
    );
  });

  it('count an IPv6 visitor by the /64 network, and stop for everyone at the daily cap', async () => {
    const network = ['2001:db8:1:2::1', '2001:db8:1:2::ffff', '2001:db8:1:2:abcd:ef01:2345:6789'];
    expect((await openDemo(network[0]!)).status).toBe(303);
    expect((await openDemo(network[1]!)).status).toBe(303);
    const refused = await openDemo(network[2]!);
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('You have opened several demo runs today');

    for (const address of ['2001:db8:1:3::1', '2001:db8:1:4::1', '192.0.2.44']) {
      expect((await openDemo(address)).status).toBe(303);
    }
    const capped = await openDemo('2001:db8:9:9::9');
    expect(capped.status).toBe(429);
    expect(capped.text).toContain('The demo is busy today. Please come back tomorrow, or start a free trial.');
  });
});
