import { TZDate } from '@date-fns/tz';

/** A datetime-local value ('YYYY-MM-DDTHH:MM') read in the property's time zone, as an ISO instant. */
export function instantFromLocal(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  return new Date(new TZDate(year, month - 1, day, hour, minute, timeZone).getTime()).toISOString();
}

/** An instant as the property's local datetime-local value. */
export function localFromInstant(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const local = new TZDate(new Date(iso).getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}T${pad(local.getHours())}:${pad(local.getMinutes())}`;
}
