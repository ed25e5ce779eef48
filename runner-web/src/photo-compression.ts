/**
 * The one place the runner gets photo compression from (runner-web/src/photos/, Web Worker, WebP). Until
 * that module existed this was a pass-through placeholder: `async (file) => ({ file, compressed: false })`.
 */
export { COMPRESSION_BATCH_SIZE, compressPhoto } from './photos/compress-photo.ts';
