/** Messages between compress-photo.ts (main thread) and compress-worker.ts. Types only: the worker bundles nothing. */

export interface CompressRequest {
  id: number;
  file: Blob;
  /** The longest side allowed for width and for height (smaller images are never enlarged); null: keep the size. */
  maxDimension: number | null;
  /** 0..1, for the WebP encoder. */
  quality: number;
}

export type CompressResponse =
  /** `blob` is WebP, or JPEG where the browser cannot encode WebP. `resized`: it was larger than maxDimension. */
  | { id: number; ok: true; blob: Blob; width: number; height: number; resized: boolean }
  /** `unsupported`: this browser cannot decode or draw in a worker; the caller stops asking and passes files through. */
  | { id: number; ok: false; error: string; unsupported: boolean };
