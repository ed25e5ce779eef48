import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from '../public-address.ts';

/** What a webhook URL may not be; the API answers these sentences as a 400 naming `url`. */
export const webhookUrlMessages = {
  scheme: 'url must be an http:// or https:// address.',
  private: 'url points to a private, loopback or link-local network address, which webhooks may not reach.',
  port: 'url must use the standard web ports (80 for http, 443 for https).',
};

/**
 * Why a URL cannot be a webhook endpoint, or null. Without `allowPrivateAddresses` (tests only) an address
 * literal or a name that resolves to a private, loopback or link-local address is refused, as are ports other
 * than the web's. The worker's outbound client checks the address again when it connects (a name may change).
 */
export async function webhookUrlRefusal(rawUrl: string, allowPrivateAddresses: boolean): Promise<string | null> {
  const url = URL.canParse(rawUrl) ? new URL(rawUrl) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return webhookUrlMessages.scheme;
  if (allowPrivateAddresses) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isPublicAddress(host)) return webhookUrlMessages.private;
  if (!['', '80', '443'].includes(url.port)) return webhookUrlMessages.port;
  if (isIP(host)) return null;
  // A name that does not resolve yet is accepted: it is checked at every connection.
  const addresses = await lookup(host, { all: true }).catch(() => []);
  return addresses.some((entry) => !isPublicAddress(entry.address)) ? webhookUrlMessages.private : null;
}
