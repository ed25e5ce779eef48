import type { ReactNode } from 'react';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { useMessages } from '../i18n/locale.ts';

/** The runner's frame: a header whose back button leads home, the language switch, and the current screen. */
export function RunLayout({ children }: { children: ReactNode }) {
  const t = useMessages();
  return (
    <div className="layout">
      <header className="run-header">
        <a className="back" href="/" aria-label={t.backHome}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.25"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </a>
        <span className="brand">Turnproof</span>
        <LanguageSwitch />
      </header>
      <main className="run-main">{children}</main>
    </div>
  );
}
