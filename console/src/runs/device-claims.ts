import { formatDateTime } from '@turnproof/config/time-format';
import type { T } from '../i18n/useT.ts';

/** A check as the capture log holds it: what the cleaner's device claimed, and when the server received it. */
export interface CheckClaim {
  device_time: string | null;
  device_position: { latitude: number; longitude: number; accuracy: number | null } | null;
  received_at: string;
}

/**
 * A task's check times as the run page shows them: the server's receipt always, the device's clock and
 * position labelled as its claims (a phone's clock and GPS can be set to anything).
 */
export function checkTimes(
  t: T,
  task: { checked_at: string | null; check_claim?: CheckClaim | null },
  timeZone: string,
  locale: string,
): string | null {
  if (!task.checked_at) return null;
  const claim = task.check_claim;
  const when = (at: string) => formatDateTime(at, timeZone, locale);
  const parts = [t('runPage.checkedReceived', { when: when(claim?.received_at ?? task.checked_at) })];
  if (claim?.device_time) parts.push(t('runPage.deviceTime', { when: when(claim.device_time) }));
  const position = claim?.device_position;
  if (position) {
    parts.push(
      t('runPage.deviceLocation', {
        latitude: position.latitude.toFixed(5),
        longitude: position.longitude.toFixed(5),
        accuracy: position.accuracy != null ? ` ±${Math.round(position.accuracy)} m` : '',
      }),
    );
  }
  return parts.join(' · ');
}
