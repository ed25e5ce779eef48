import { randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * RFC 3161 time-stamp requests and the checks of their replies. The message imprint is a capture-log
 * head's 32 bytes with hashAlgorithm sha256: the head already is a SHA-256, so
 * `openssl ts -verify -digest <head>` checks a token directly, with nothing to rehash.
 */

const SHA256 = '2.16.840.1.101.3.4.2.1';
const ID_DATA = '1.2.840.113549.1.7.1';
const EXTENDED_KEY_USAGE = '2.5.29.37';
const TIME_STAMPING = '1.3.6.1.5.5.7.3.8';

export interface TimestampQuery {
  der: Uint8Array;
  digest: Uint8Array;
  nonce: Uint8Array;
}

/** Why an authority's answer was refused: the token is not stored, and the attempt fails. */
export class TimestampRefused extends Error {
  override name = 'TimestampRefused';
}

/** A TimeStampReq (DER) for a SHA-256 hex digest: a random nonce, and the authority's certificate asked for. */
export function timestampQuery(sha256Hex: string): TimestampQuery {
  const digest = Uint8Array.from(Buffer.from(sha256Hex, 'hex'));
  if (digest.length !== 32) throw new Error('A time-stamp query needs a SHA-256 digest (64 hex characters)');
  const nonce = Uint8Array.from(randomBytes(16));
  // A positive INTEGER in minimal DER: the first byte between 0x01 and 0x7f.
  nonce[0] = (nonce[0]! & 0x7f) | 0x01;
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: digest }),
    }),
    nonce: new asn1js.Integer({ valueHex: nonce }),
    certReq: true,
  });
  return { der: new Uint8Array(request.toSchema().toBER()), digest, nonce };
}

/** The certificates of a PEM file (an authority's roots). */
export function certificatesFromPem(pem: string): pkijs.Certificate[] {
  const blocks = [...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g)];
  return blocks.map((block) => pkijs.Certificate.fromBER(Buffer.from(block[1]!.replace(/\s+/g, ''), 'base64')));
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

function isTimeStampingCertificate(certificate: pkijs.Certificate): boolean {
  const usage = certificate.extensions?.find((extension) => extension.extnID === EXTENDED_KEY_USAGE);
  const purposes = usage?.parsedValue instanceof pkijs.ExtKeyUsage ? usage.parsedValue.keyPurposes : [];
  // RFC 3161 2.3: the one purpose, in a critical extension.
  return Boolean(usage?.critical) && purposes.length === 1 && purposes[0] === TIME_STAMPING;
}

/**
 * Checks an authority's TimeStampResp against the query: status granted, the imprint and nonce asked
 * for, a signature by a time-stamping certificate over the token, and (with `trustedRoots`) that
 * certificate's chain to one of them at the token's time. Answers the token's time; throws
 * TimestampRefused otherwise.
 */
export async function checkTimestampReply(
  reply: Uint8Array,
  query: TimestampQuery,
  trustedRoots: pkijs.Certificate[] | null,
): Promise<{ genTime: Date }> {
  let response: pkijs.TimeStampResp;
  let signed: pkijs.SignedData;
  let info: pkijs.TSTInfo;
  try {
    response = pkijs.TimeStampResp.fromBER(reply);
    const status = response.status.status;
    if (status !== pkijs.PKIStatus.granted && status !== pkijs.PKIStatus.grantedWithMods) {
      throw new TimestampRefused(`The authority did not grant the time-stamp (status ${status}).`);
    }
    if (!response.timeStampToken) throw new TimestampRefused('The authority granted no token.');
    signed = new pkijs.SignedData({ schema: response.timeStampToken.content });
    if (signed.encapContentInfo.eContentType !== pkijs.id_eContentType_TSTInfo || !signed.encapContentInfo.eContent)
      throw new TimestampRefused('The token holds no TSTInfo.');
    info = pkijs.TSTInfo.fromBER(signed.encapContentInfo.eContent.getValue());
  } catch (error) {
    if (error instanceof TimestampRefused) throw error;
    throw new TimestampRefused('The authority answered something that is not a time-stamp reply.', { cause: error });
  }
  if (
    info.messageImprint.hashAlgorithm.algorithmId !== SHA256 ||
    !sameBytes(info.messageImprint.hashedMessage.valueBlock.valueHexView, query.digest)
  )
    throw new TimestampRefused('The token stamps another digest than the one asked for.');
  if (!info.nonce || !sameBytes(info.nonce.valueBlock.valueHexView, query.nonce))
    throw new TimestampRefused('The token does not carry the nonce of the request.');

  // pkijs would check a TSTInfo's imprint by hashing the stamped data, which we do not have (the imprint
  // is the head itself, checked above); verified as plain signed data it checks the rest: the
  // message-digest attribute against the TSTInfo bytes, the signature, and the chain at genTime.
  signed.encapContentInfo.eContentType = ID_DATA;
  const outcome = await signed
    .verify({
      signer: 0,
      checkChain: trustedRoots !== null,
      trustedCerts: trustedRoots ?? [],
      checkDate: info.genTime,
      extendedMode: true,
    })
    .catch((error: { message?: string }) => ({
      signatureVerified: false,
      signerCertificate: null,
      message: error.message,
    }));
  if (!outcome.signatureVerified || !outcome.signerCertificate)
    throw new TimestampRefused(`The token's signature does not verify: ${outcome.message ?? 'unknown reason'}.`);
  if (!isTimeStampingCertificate(outcome.signerCertificate))
    throw new TimestampRefused('The token is not signed by a time-stamping certificate.');
  return { genTime: info.genTime };
}
