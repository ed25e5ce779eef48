// The part of http_ece (no types of its own) the tests use: decrypting a Web Push message as a browser does.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's key pair; aes128gcm carries the sender's public key in the message's header. */
    privateKey: ECDH;
    /** The subscription's 16-byte auth secret (a Buffer, or base64url). */
    authSecret: Buffer | string;
  }

  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
