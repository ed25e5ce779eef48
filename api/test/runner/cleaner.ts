import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { Browser } from '../support/browser.ts';

/** A JPEG as a phone camera would send it: a pattern of its own per label, with GPS in its EXIF. */
export async function cameraPhoto(label: string, width = 1200, height = 900): Promise<Buffer> {
  const seed = createHash('sha256').update(label).digest();
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (seed[i % seed.length]! + ((i / 3) % width)) % 256;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '30/1 16/1 1200/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '97/1 44/1 2400/100',
      },
    })
    .toBuffer();
}

/** The magic-link API as the runner PWA uses it: every write carries a fresh action id. */
export class Cleaner {
  readonly http: Browser;

  constructor(
    baseUrl: string,
    readonly token: string,
  ) {
    this.http = new Browser(baseUrl);
  }

  static fromLink(magicLink: string) {
    const url = new URL(magicLink);
    return new Cleaner(url.origin, url.pathname.split('/').pop() ?? '');
  }

  openRun() {
    return this.http.get(`/api/public/run?token=${encodeURIComponent(this.token)}`);
  }

  tick(runTaskId: string, fields: Record<string, unknown> = {}, actionId: string = randomUUID()) {
    return this.http.post('/api/public/task', {
      token: this.token,
      runTaskId,
      checked: true,
      comment: null,
      duration_seconds: 30,
      action_id: actionId,
      ...fields,
    });
  }

  /** Reports an issue on a task, as the runner's issue sheet does. */
  reportIssue(runTaskId: string, description: string, severity: 'low' | 'medium' | 'high' = 'medium') {
    return this.http.post('/api/public/issue', {
      token: this.token,
      action_id: randomUUID(),
      runTaskId,
      severity,
      description,
    });
  }

  /** Reserves an upload and PUTs the bytes, without confirming them (as the runner does for an issue's photo). */
  async storePhoto(runTaskId: string, bytes: Buffer, fileName = 'Photo Ünit 1.JPG') {
    const reserved = await this.http.post('/api/public/upload', {
      token: this.token,
      runTaskId,
      fileName,
      contentType: 'image/jpeg',
      size: bytes.length,
      action_id: randomUUID(),
    });
    if (reserved.status !== 200) return { reserved, put: null };
    const put = await fetch(reserved.body.uploadUrl, {
      method: 'PUT',
      body: new Uint8Array(bytes),
      headers: { 'Content-Type': 'image/jpeg' },
    });
    // Our API answers the PUT with JSON; an object store (a presigned PUT) with an empty body.
    const putText = await put.text();
    const putBody: unknown = putText ? JSON.parse(putText) : null;
    return { reserved, put: { status: put.status, body: putBody } };
  }

  /** `confirm`: more fields of the confirmation (source, alignment_score). */
  async uploadPhoto(
    runTaskId: string,
    bytes: Buffer,
    fileName = 'Photo Ünit 1.JPG',
    confirm: Record<string, unknown> = {},
  ) {
    const { reserved, put } = await this.storePhoto(runTaskId, bytes, fileName);
    if (!put || put.status !== 200) return { reserved, put, confirmed: null };
    const confirmed = await this.http.post('/api/public/media-confirm', {
      token: this.token,
      runTaskId,
      path: reserved.body.path,
      type: 'photo',
      action_id: randomUUID(),
      captured_at: new Date().toISOString(),
      ...confirm,
    });
    return { reserved, put, confirmed };
  }

  complete(actionId: string = randomUUID()) {
    return this.http.post('/api/public/complete', { token: this.token, action_id: actionId });
  }

  /**
   * Completes as the runner's queue does: a 503 (the run's workflow not started yet, its start still in the
   * outbox, or Temporal away) keeps the work and is sent again with the same action id.
   */
  async completeWhenAccepted(actionId: string = randomUUID(), timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const answer = await this.complete(actionId);
      if (answer.status !== 503 || Date.now() > deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * The cleaner's whole job through the magic link: opens the run, uploads every required photo, ticks
 * every task, then completes. Returns the opened run as the cleaner saw it.
 */
export async function completeThroughMagicLink(
  cleaner: Cleaner,
  photo: (label: string) => Promise<Buffer> = cameraPhoto,
) {
  const opened = await cleaner.openRun();
  if (opened.status !== 200) throw new Error(`opening the run failed: ${opened.status} ${JSON.stringify(opened.body)}`);
  const tasks: { id: string; task: { required_media: number } }[] = opened.body.run.tasks;
  for (const [index, task] of tasks.entries()) {
    for (let n = 0; n < task.task.required_media; n += 1) {
      const upload = await cleaner.uploadPhoto(task.id, await photo(`${index}-${n}`));
      if (upload.confirmed?.status !== 200) throw new Error(`photo upload failed: ${JSON.stringify(upload)}`);
    }
    const ticked = await cleaner.tick(task.id);
    if (ticked.status !== 200) throw new Error(`tick failed: ${ticked.status} ${JSON.stringify(ticked.body)}`);
  }
  const completed = await cleaner.completeWhenAccepted();
  if (completed.status !== 200)
    throw new Error(`complete failed: ${completed.status} ${JSON.stringify(completed.body)}`);
  return opened.body.run;
}
