import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { Media, Run } from '@turnproof/db';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import type { AppState } from '../http/context.ts';
import { conflict, forbidden, HttpError, notFound } from '../http/errors.ts';
import { acceptUpload, incomingDir } from '../media/accept-upload.ts';
import { verifyToken } from '../media/signed-tokens.ts';
import { addRoute } from '../openapi/registry.ts';
import { fileBody, uploadStored } from '../openapi/records.ts';
import { type MediaGrant, MEDIA_URL_TTL_MS, PRESIGNED_GET_SECONDS } from './public-run-view.ts';
import { assertGrantLinkAlive, assertLinkAlive, linkMessages } from './run-access.ts';
import { uploadTooLargeMessage } from './upload-limits.ts';

interface UploadGrant {
  mediaId: string;
  path: string;
  maxBytes: number;
  kind: 'photo' | 'video';
  /** The magic link that reserved the upload (see linkStamp). */
  link?: string;
}

const badUploadLink = 'This upload link is invalid or has expired. Please request a new upload.';

export class TooLarge extends Error {}

/** Copies the request body to a file, stopping as soon as it passes the limit. */
export async function receiveBody(request: NodeJS.ReadableStream, file: string, maxBytes: number): Promise<number> {
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      callback(received > maxBytes ? new TooLarge() : null, chunk);
    },
  });
  await pipeline(request, counter, createWriteStream(file));
  return received;
}

/** PUT target of signed uploads, and the short-lived signed links that serve media back. */
export function mediaRouter(deps: AppDeps) {
  const router = new Router<AppState>();
  const tags = ['Runner (magic link)'];
  const tempDir = incomingDir(deps);

  addRoute(
    router,
    {
      method: 'put',
      path: '/public/upload/:signedToken',
      summary: 'The bytes of a reserved upload (signed, 15 minutes; photos 25 MB, videos 200 MB)',
      tags,
      params: z.object({ signedToken: z.string() }),
      ok: { description: 'Stored; confirm it next', schema: uploadStored },
      errors: {
        403: badUploadLink,
        410: linkMessages.revoked,
        413: 'Over the size limit',
        415: 'Not a real image or video',
      },
    },
    async (ctx) => {
      const verified = verifyToken<UploadGrant>(deps.config.SECRET_KEY, 'upload', ctx.params.signedToken ?? '');
      if (!verified.ok) throw forbidden(badUploadLink);
      const grant = verified.payload;
      const em = ctx.state.em;
      const media = await em.findOne(Media, { id: grant.mediaId, path: grant.path }, { populate: ['run'] });
      if (!media) throw forbidden(badUploadLink);
      assertGrantLinkAlive(media.run, grant.link);
      if (media.run.status === 'completed') throw conflict(linkMessages.completed);
      if (media.status === 'confirmed') throw conflict('This file is already confirmed.');
      if (Number(ctx.get('Content-Length') || 0) > grant.maxBytes)
        throw new HttpError(413, uploadTooLargeMessage(grant.kind));

      await mkdir(tempDir, { recursive: true });
      const tempFile = path.join(tempDir, randomUUID());
      try {
        let size: number;
        try {
          size = await receiveBody(ctx.req, tempFile, grant.maxBytes);
        } catch (error) {
          if (error instanceof TooLarge) throw new HttpError(413, uploadTooLargeMessage(grant.kind));
          throw error;
        }
        await acceptUpload(deps, em, media, grant.kind, tempFile, size);
        ctx.body = { ok: true, path: grant.path, size: media.size, content_type: media.content_type };
      } finally {
        await rm(tempFile, { force: true });
      }
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/media/:signedToken',
      summary: 'A photo, video or thumbnail through a short-lived signed link',
      tags,
      params: z.object({ signedToken: z.string() }),
      ok: { description: 'The file', schema: fileBody, contentType: 'application/octet-stream' },
      errors: { 403: 'Expired or tampered link', 404: 'No such file', 410: linkMessages.revoked },
    },
    async (ctx) => {
      const verified = verifyToken<MediaGrant>(deps.config.SECRET_KEY, 'media', ctx.params.signedToken ?? '');
      if (!verified.ok) throw forbidden('This media link is invalid or has expired. Reload the page for a fresh one.');
      const { path: filePath, run: viaRun, link } = verified.payload;
      if (viaRun) {
        const via = await ctx.state.em.findOne(Run, { id: viaRun });
        if (!via) throw notFound('This file no longer exists.');
        assertGrantLinkAlive(via, link);
      }
      if (!(await deps.storage.exists(filePath))) throw notFound('This file no longer exists.');
      const media = await ctx.state.em.findOne(
        Media,
        { $or: [{ path: filePath }, { thumbnail_path: filePath }] },
        { populate: ['run'] },
      );
      if (media) assertLinkAlive(media.run);
      // Derived images have no media row: a thumbnail is WebP, a change map (reports/.../change-*.jpg) JPEG.
      const contentType = filePath.endsWith('.thumb.webp')
        ? 'image/webp'
        : (media?.content_type ?? (filePath.endsWith('.jpg') ? 'image/jpeg' : 'application/octet-stream'));
      if (deps.storage.direct) {
        // The bytes come from the store itself, through a presigned GET that lives a few minutes.
        ctx.redirect(
          await deps.storage.direct.downloadUrl(filePath, { contentType, expiresInSeconds: PRESIGNED_GET_SECONDS }),
        );
        ctx.set('Cache-Control', 'private, no-store');
        return;
      }
      ctx.type = contentType;
      ctx.set('Cache-Control', `private, max-age=${MEDIA_URL_TTL_MS / 1000}`);
      ctx.body = deps.storage.stream(filePath);
    },
  );

  return router;
}
