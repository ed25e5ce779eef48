import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../api/http.ts';
import { localFromInstant } from '../../dispatch/due-time.ts';
import type { PropertyRecord } from '../../resource-records.ts';

interface CalendarReservations {
  reservations: { uid: string; summary: string; start: string; end: string }[];
}

/**
 * The property's next check-in as a datetime-local value in its time zone ('2027-02-01T16:00'): the
 * first day of the next booking its calendars know, at the property's check-in time. Null without a
 * calendar or a booking to come.
 */
export function useNextCheckIn(property: PropertyRecord | undefined): string | null {
  const hasCalendar = Boolean(property?.calendar_urls.length);
  const { data } = useQuery({
    queryKey: ['property-calendar', property?.id],
    queryFn: () => apiJson<CalendarReservations>(`/properties/${property?.id}/calendar`),
    enabled: hasCalendar,
  });
  if (!property || !data) return null;
  const today = localFromInstant(new Date().toISOString(), property.timezone).slice(0, 10);
  const next = data.reservations.find((reservation) => reservation.start.slice(0, 10) >= today);
  return next ? `${next.start.slice(0, 10)}T${property.check_in_time.slice(0, 5)}` : null;
}
