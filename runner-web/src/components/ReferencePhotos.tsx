import { formatDateTime } from '@turnproof/config/time-format';
import { useLocale, useMessages } from '../i18n/locale.ts';
import type { ReferencePhoto } from '../run-model.ts';

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
            {photo.captured_at && <span>{t.deviceClaim(formatDateTime(photo.captured_at, timeZone, locale))}</span>}
            {photo.received_at && <span>{t.serverReceived(formatDateTime(photo.received_at, timeZone, locale))}</span>}
          </p>
        </div>
      ))}
    </figure>
  );
}
