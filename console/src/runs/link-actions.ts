import type { T } from '../i18n/useT.ts';

/** The magic link's token: its last path segment ({origin}/r/{token}). */
export function tokenOf(link: string): string {
  const token = new URL(link).pathname.split('/').filter(Boolean).pop();
  if (!token) throw new Error('Missing token');
  return token;
}

export type LinkTestState = 'idle' | 'testing' | 'success' | 'error';

/** HEAD /api/test-run/{token}: 200 when the link opens its run; 404 unknown, 410 revoked or expired. */
export async function testLink(t: T, link: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    const response = await fetch(`/api/test-run/${encodeURIComponent(tokenOf(link))}`, { method: 'HEAD' });
    if (response.ok) return { ok: true };
    if (response.status === 410) return { ok: false, reason: t('magicLink.revokedOrExpired') };
    if (response.status === 404) return { ok: false, reason: t('magicLink.noSuchInspection') };
    return { ok: false, reason: t('magicLink.serverAnswered', { status: response.status }) };
  } catch {
    return { ok: false, reason: t('plans.networkError') };
  }
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The Web Share API where the device has it; otherwise (or when it fails) the caller copies instead. */
export async function share(data: ShareData): Promise<'shared' | 'cancelled' | 'unsupported'> {
  if (!navigator.share || (navigator.canShare && !navigator.canShare(data))) return 'unsupported';
  try {
    await navigator.share(data);
    return 'shared';
  } catch (error) {
    return error instanceof DOMException && error.name === 'AbortError' ? 'cancelled' : 'unsupported';
  }
}
