import { useLocale, useMessages } from '../i18n/locale.ts';
import type { ReferencePhoto } from '../run-model.ts';

/** A time in the property's zone, in the runner's language. */
export function formatRunTime(iso: string, locale: string, timeZone: string | null | undefined): string {
  return new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: timeZone ?? 'UTC' });
}

/**
 * The earlier run's photos of this task (the move-in before a move-out, the last turnover), with the
 * earlier device's claimed time beside the time the server received each.
 */
export function ReferencePhotos({ photos, timeZone }: { photos: ReferencePhoto[]; timeZone?: string | null }) {
  const t = useMessages();
  const locale = useLocale();
  if (photos.length === 0) return null;
  return (
    <figure className="reference" aria-label={t.referenceTitle}>
      <figcaption className="field-label">{t.referenceTitle}</figcaption>
      {photos.map((photo, index) => (
        <div key={photo.id} className="reference-photo">
          <img src={photo.url} alt={t.referenceAlt(index + 1)} loading="lazy" />
          <p className="muted reference-times">
            {photo.captured_at && <span>{t.deviceClaim(formatRunTime(photo.captured_at, locale, timeZone))}</span>}
            {photo.received_at && <span>{t.serverReceived(formatRunTime(photo.received_at, locale, timeZone))}</span>}
          </p>
        </div>
      ))}
    </figure>
  );
}
