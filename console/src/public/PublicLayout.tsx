import type { ReactNode } from 'react';
import { BrandMark } from '../layout/BrandMark.tsx';

/** Header, main landmark and footer shared by the public pages. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout">
      <header className="site-header">
        <a className="brand" href="/">
          <BrandMark size={28} />
          <span>Turnproof</span>
        </a>
      </header>
      <main id="main" className="site-main">
        {children}
      </main>
      <footer className="site-footer">
        <p>© {new Date().getFullYear()} Turnproof</p>
      </footer>
    </div>
  );
}
