import { formatDateTime } from '@turnproof/config/time-format';

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
  task: { checked_at: string | null; check_claim?: CheckClaim | null },
  timeZone: string,
): string | null {
  if (!task.checked_at) return null;
  const claim = task.check_claim;
  const parts = [`checked, received by server ${formatDateTime(claim?.received_at ?? task.checked_at, timeZone)}`];
  if (claim?.device_time) parts.push(`device time (claimed) ${formatDateTime(claim.device_time, timeZone)}`);
  const position = claim?.device_position;
  if (position) {
    const accuracy = position.accuracy != null ? ` ±${Math.round(position.accuracy)} m` : '';
    parts.push(
      `device location (claimed) ${position.latitude.toFixed(5)}, ${position.longitude.toFixed(5)}${accuracy}`,
    );
  }
  return parts.join(' · ');
}
