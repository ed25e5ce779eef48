/**
 * Reverse geocoding through a configurable endpoint, off by default: set VITE_REVERSE_GEOCODING_URL at
 * build time to a URL with {lat} and {lon} placeholders whose JSON answer has `display_name` (Nominatim's
 * shape) or `address` as text. Tests never set it, so they never call out.
 */
const ENDPOINT: string = import.meta.env.VITE_REVERSE_GEOCODING_URL ?? '';
export const GEOCODING_UNAVAILABLE = 'Geocoding service unavailable';

/** The address of a position, or null (off, or the service failed: the position goes without one). */
export async function reverseGeocode(latitude: number, longitude: number, endpoint = ENDPOINT): Promise<string | null> {
  if (!endpoint) return null;
  const url = endpoint.replace('{lat}', String(latitude)).replace('{lon}', String(longitude));
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`${response.status}`);
    const body = (await response.json()) as { display_name?: unknown; address?: unknown };
    const address = typeof body.display_name === 'string' ? body.display_name : body.address;
    return typeof address === 'string' && address.trim() ? address.trim().slice(0, 500) : null;
  } catch {
    console.warn(GEOCODING_UNAVAILABLE);
    return null;
  }
}
