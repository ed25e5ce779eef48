/**
 * Photo compression for the run page (spec: product.md section 5, calls-and-constants.md section 9):
 * files under 100 KB are skipped; otherwise the image is scaled to fit 1600x1600 (never enlarged) and
 * encoded as WebP at quality 0.82; 30 s timeout ('Compression timeout'). Video passes through.
 *
 * Decoding and encoding run in one shared Web Worker (compress-worker.ts); the main thread only posts the
 * File handle and receives a Blob, so it never decodes the image. Photos are compressed one at a time
 * (a 12 MP photo decodes to ~48 MB; a cheap phone should not hold three at once), and the 30 s timeout
 * counts from when the worker starts on a photo. After a timeout the worker is terminated and a new one
 * starts for the next photo.
 *
 * Compression must never block the cleaner: when the browser cannot compress in a worker (no Worker,
 * OffscreenCanvas or createImageBitmap there), the worker script fails to load, or a photo cannot be
 * decoded (e.g. HEIC), the original file is returned with `compressed: false`. Only the timeout rejects.
 */
import type { CompressRequest, CompressResponse } from './compress-protocol.ts';

/** calls-and-constants.md section 9. */
export const COMPRESSION_SKIP_BELOW_BYTES = 100 * 1024;
export const COMPRESSION_MAX_DIMENSION = 1600;
export const COMPRESSION_QUALITY = 0.82;
export const COMPRESSION_TIMEOUT_MS = 30_000;
export const COMPRESSION_TIMEOUT_MESSAGE = 'Compression timeout';

export interface CompressOptions {
  /** Default 1600: the result fits in maxDimension x maxDimension. */
  maxDimension?: number;
  /** Default 0.82. */
  quality?: number;
  /** Default 100 KB: smaller files pass through untouched. */
  skipBelowBytes?: number;
  /** Default 30 000 ms. */
  timeoutMs?: number;
}

export interface CompressedPhoto {
  /** The WebP (`{base name}.webp`, image/webp), or the original file when `compressed` is false. */
  file: File;
  /** Pixel size of the compressed image; absent when the file passed through. */
  width?: number;
  height?: number;
  compressed: boolean;
}

interface Job {
  file: File;
  settings: Required<CompressOptions>;
  resolve: (result: CompressedPhoto) => void;
  reject: (error: Error) => void;
  id?: number;
  timer?: ReturnType<typeof setTimeout>;
}

const DEFAULTS: Required<CompressOptions> = {
  maxDimension: COMPRESSION_MAX_DIMENSION,
  quality: COMPRESSION_QUALITY,
  skipBelowBytes: COMPRESSION_SKIP_BELOW_BYTES,
  timeoutMs: COMPRESSION_TIMEOUT_MS,
};

/** Types the worker can decode and that lose nothing by becoming a still WebP (not GIF: animation; not SVG). */
const COMPRESSIBLE = /^image\/(jpeg|jpg|pjpeg|png|webp|bmp|avif|heic|heif)$/i;

const passThrough = (file: File): CompressedPhoto => ({ file, compressed: false });

/** 'IMG_0042.JPG' -> 'IMG_0042.webp'; a name without a base becomes 'photo.webp'. */
export function compressedFileName(name: string, type = 'image/webp'): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return `${base || 'photo'}.${type === 'image/jpeg' ? 'jpg' : 'webp'}`;
}

export const defaultCompressWorker = (): Worker =>
  new Worker(new URL('./compress-worker.ts', import.meta.url), { type: 'module' });

export class PhotoCompressor {
  private readonly createWorker: () => Worker;
  private worker: Worker | null = null;
  private readonly queue: Job[] = [];
  private current: Job | null = null;
  private nextId = 1;
  /** Set once the worker reports it cannot compress in this browser; from then on files pass through. */
  private unsupported = false;

  constructor(createWorker: () => Worker = defaultCompressWorker) {
    this.createWorker = createWorker;
  }

  compress(file: File, options: CompressOptions = {}): Promise<CompressedPhoto> {
    const settings = { ...DEFAULTS, ...options };
    if (file.size < settings.skipBelowBytes || !COMPRESSIBLE.test(file.type)) return Promise.resolve(passThrough(file));
    if (this.unsupported || typeof Worker === 'undefined') return Promise.resolve(passThrough(file));
    return new Promise<CompressedPhoto>((resolve, reject) => {
      this.queue.push({ file, settings, resolve, reject });
      this.pump();
    });
  }

  /** Stops the worker; queued and running photos pass through uncompressed. */
  terminate(): void {
    this.dropWorker();
    const jobs = [...(this.current ? [this.current] : []), ...this.queue.splice(0)];
    this.current = null;
    for (const job of jobs) {
      clearTimeout(job.timer);
      job.resolve(passThrough(job.file));
    }
  }

  private pump(): void {
    while (!this.current && this.queue.length > 0) {
      const job = this.queue.shift()!;
      let worker: Worker;
      try {
        if (this.unsupported) throw new Error('unsupported');
        worker = this.ensureWorker();
      } catch {
        job.resolve(passThrough(job.file));
        continue;
      }
      const id = this.nextId++;
      job.id = id;
      this.current = job;
      job.timer = setTimeout(() => {
        // A stuck decode cannot be cancelled; only terminating the worker frees it.
        this.dropWorker();
        this.settle(job, () => job.reject(new Error(COMPRESSION_TIMEOUT_MESSAGE)));
      }, job.settings.timeoutMs);
      const request: CompressRequest = {
        id,
        file: job.file,
        maxDimension: job.settings.maxDimension,
        quality: job.settings.quality,
      };
      worker.postMessage(request);
    }
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = this.createWorker();
    worker.onmessage = (event: MessageEvent<CompressResponse>) => this.onResponse(worker, event.data);
    // The script failed to load or crashed (offline without a cached worker, no module workers, ...).
    // The photo goes up uncompressed; the next one tries a fresh worker.
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker !== this.worker) return;
      this.dropWorker();
      const job = this.current;
      if (job) this.settle(job, () => job.resolve(passThrough(job.file)));
    };
    this.worker = worker;
    return worker;
  }

  private dropWorker(): void {
    this.worker?.terminate();
    this.worker = null;
  }

  private onResponse(worker: Worker, response: CompressResponse): void {
    const job = this.current;
    if (worker !== this.worker || !job || response.id !== job.id) return;
    if (!response.ok) {
      if (response.unsupported) this.unsupported = true;
      this.settle(job, () => job.resolve(passThrough(job.file)));
      return;
    }
    const { blob, width, height, resized } = response;
    // Re-encoding a photo that needed no scaling can make it bigger; then the original is the better upload.
    if (!resized && blob.size >= job.file.size) {
      this.settle(job, () => job.resolve(passThrough(job.file)));
      return;
    }
    const type = blob.type || 'image/webp';
    const file = new File([blob], compressedFileName(job.file.name, type), {
      type,
      lastModified: job.file.lastModified,
    });
    this.settle(job, () => job.resolve({ file, width, height, compressed: true }));
  }

  private settle(job: Job, done: () => void): void {
    if (this.current !== job) return;
    clearTimeout(job.timer);
    this.current = null;
    done();
    this.pump();
  }
}

let shared: PhotoCompressor | null = null;

/**
 * Compresses one photo for upload or the offline queue. Resolves with the original file (`compressed: false`)
 * for video, non-photo types, files under 100 KB and browsers that cannot compress; rejects only with
 * Error('Compression timeout').
 */
export function compressPhoto(file: File, options?: CompressOptions): Promise<CompressedPhoto> {
  shared ??= new PhotoCompressor();
  return shared.compress(file, options);
}
