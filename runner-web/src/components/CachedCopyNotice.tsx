import { useLocale, useMessages } from '../i18n/locale.ts';

/** Shown when the server could not be reached and the run comes from this device's copy. */
export function CachedCopyNotice({ savedAt }: { savedAt: number }) {
  const t = useMessages();
  const time = new Date(savedAt).toLocaleString(useLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <p className="notice-strip" role="note">
      {t.cachedCopy(time)}
    </p>
  );
}
