import { formatDateTime } from '@turnproof/config/time-format';
import { useLocale, useMessages } from '../i18n/locale.ts';

/** Shown when the server could not be reached and the run comes from this device's copy. */
export function CachedCopyNotice({ savedAt, timeZone }: { savedAt: number; timeZone?: string | null }) {
  const t = useMessages();
  const time = formatDateTime(savedAt, timeZone, useLocale());
  return (
    <p className="notice-strip" role="note">
      {t.cachedCopy(time)}
    </p>
  );
}
