import type { ReactNode } from 'react';

/** The runner's frame: a header whose back button leads home, and the current screen. */
export function RunLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout">
      <header className="run-header">
        <a className="back" href="/" aria-label="Back to home">
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
      </header>
      <main className="run-main">{children}</main>
    </div>
  );
}
