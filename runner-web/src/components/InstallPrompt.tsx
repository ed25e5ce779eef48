import { useMessages } from '../i18n/locale.ts';
import { installOffer } from '@turnproof/config/install-offer';

/** Install Turnproof: Install and Not now. Loaded on demand (App.tsx). */
export function InstallPrompt() {
  const t = useMessages();
  return (
    <section className="card install-prompt" aria-labelledby="install-title">
      <h2 id="install-title">{t.installTitle}</h2>
      <p className="muted">{t.installText}</p>
      <div className="button-row">
        <button type="button" className="button button-primary" onClick={() => void installOffer.install()}>
          {t.install}
        </button>
        <button type="button" className="button button-secondary" onClick={installOffer.dismiss}>
          {t.notNow}
        </button>
      </div>
    </section>
  );
}
