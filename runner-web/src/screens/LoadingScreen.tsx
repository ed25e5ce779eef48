import { useMessages } from '../i18n/locale.ts';

export function LoadingScreen() {
  const t = useMessages();
  return (
    <div className="centered" role="status">
      <span className="spinner" aria-hidden="true" />
      <p>{t.loading}</p>
    </div>
  );
}
