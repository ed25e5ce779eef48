/**
 * Module Web Worker that turns one photo into a WebP that fits in maxDimension x maxDimension (or, for
 * the conversion of a small image, a WebP of the same size).
 * Decoding (createImageBitmap), scaling and encoding all happen here, so the cleaner's page stays
 * responsive on a cheap phone. It keeps no state and imports nothing at run time (the protocol is
 * types only), so it also works when bundled as a classic script.
 *
 * Started by compress-photo.ts as `new Worker(new URL('./compress-worker.ts', import.meta.url), { type: 'module' })`.
 */
import type { CompressRequest, CompressResponse } from './compress-protocol.ts';

/** The slice of DedicatedWorkerGlobalScope used here (the project's lib is DOM, not WebWorker). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<CompressRequest>) => void) | null;
  postMessage(message: CompressResponse): void;
  OffscreenCanvas?: unknown;
  createImageBitmap?: unknown;
}

const scope = self as unknown as WorkerScope;

/** The size that fits in max x max keeping the aspect ratio; never larger than the original. */
function fitWithin(width: number, height: number, max: number | null): { width: number; height: number } {
  const scale = max === null ? 1 : Math.min(1, max / width, max / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function compress(request: CompressRequest): Promise<CompressResponse> {
  const { id } = request;
  if (typeof scope.OffscreenCanvas !== 'function' || typeof scope.createImageBitmap !== 'function') {
    return { id, ok: false, error: 'OffscreenCanvas or createImageBitmap missing in workers', unsupported: true };
  }
  // 'from-image' applies the EXIF orientation, so width and height are as the photo is meant to be seen.
  const bitmap = await createImageBitmap(request.file, { imageOrientation: 'from-image' });
  try {
    const size = fitWithin(bitmap.width, bitmap.height, request.maxDimension);
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) return { id, ok: false, error: 'No 2d context on OffscreenCanvas', unsupported: true };
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    let blob = await canvas.convertToBlob({ type: 'image/webp', quality: request.quality });
    // Browsers that cannot encode WebP (Safari) answer PNG instead, often bigger than the photo; JPEG keeps it small.
    if (blob.type !== 'image/webp') blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: request.quality });
    const resized = size.width !== bitmap.width || size.height !== bitmap.height;
    return { id, ok: true, blob, width: size.width, height: size.height, resized };
  } finally {
    bitmap.close();
  }
}

scope.onmessage = (event) => {
  const request = event.data;
  compress(request).then(
    (response) => scope.postMessage(response),
    (error: unknown) =>
      scope.postMessage({
        id: request.id,
        ok: false,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        unsupported: false,
      }),
  );
};
