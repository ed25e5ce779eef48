import { useMessages } from '../i18n/locale.ts';

export function OfflineBanner() {
  return (
    <p className="offline-banner" role="status">
      {useMessages().offlineBanner}
    </p>
  );
}
