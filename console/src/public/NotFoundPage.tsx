import { useEffect } from 'react';
import { useT } from '../i18n/useT.ts';
import { PublicLayout } from './PublicLayout.tsx';

export function NotFoundPage() {
  const t = useT();
  const path = window.location.pathname;
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', path);
  }, [path]);

  return (
    <PublicLayout>
      <section className="panel" aria-labelledby="not-found-title">
        <p className="status-code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title">{t('notFound.title')}</h1>
        <a className="button button-primary" href="/">
          {t('notFound.home')}
        </a>
      </section>
    </PublicLayout>
  );
}
