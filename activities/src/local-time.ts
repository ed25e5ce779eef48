import { TZDate } from '@date-fns/tz';

/** The instant of a local date ('YYYY-MM-DD') and wall-clock time ('HH:MM') in an IANA time zone. */
export function instantAt(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  if (!year || !month || !day || hour === undefined || minute === undefined) {
    throw new Error(`Not a local date and time: ${date} ${time}`);
  }
  return new Date(new TZDate(year, month - 1, day, hour, minute, timeZone).getTime());
}

/** The local date ('YYYY-MM-DD') of an instant in a time zone. */
export function localDate(at: Date, timeZone: string): string {
  const local = new TZDate(at.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}
