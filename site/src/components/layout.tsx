/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { ReactNode } from 'react';
import { cities, industries, PRODUCT_NAME } from '../content/marketing.ts';
import { SIGN_IN, SIGN_UP, TURNOVER_LIBRARY } from '../links.ts';
import { useSite } from '../site-context.ts';

const nav = [
  { href: '/#features', label: 'Features' },
  { href: '/templates', label: 'Templates' },
  { href: '/pricing', label: 'Pricing' },
  { href: '/checklists', label: 'Free Checklists' },
  { href: '/contact', label: 'Contact' },
];

function Logo() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#0f766e" />
      <path d="M9 16.5l4.5 4.5L23 11.5" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" />
    </svg>
  );
}

export function Header() {
  const { signedIn } = useSite();
  return (
    <header className="site-header">
      <div className="wrap header-row">
        <a className="brand" href="/">
          <Logo />
          <span>{PRODUCT_NAME}</span>
        </a>
        <nav aria-label="Main" className="main-nav">
          <ul>
            {nav.map((item) => (
              <li key={item.href}>
                <a href={item.href}>{item.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="account">
          {/* Online/Offline and the runner's queued count (island.ts); without JavaScript it cannot update, so it stays hidden. */}
          <span className="connection-badge" data-connection-badge role="status" hidden />
          {signedIn ? (
            <>
              <a className="button button-primary small" href="/dashboard">
                Dashboard
              </a>
              <form method="post" action="/sign-out">
                <button className="button button-ghost small" type="submit">
                  Sign Out
                </button>
              </form>
            </>
          ) : (
            <>
              <a className="button button-ghost small" href={SIGN_IN}>
                Sign In
              </a>
              <a className="button button-primary small" href={SIGN_UP}>
                Try Free
              </a>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

export function Footer() {
  const { supportEmail } = useSite();
  return (
    <footer className="site-footer">
      <div className="wrap footer-grid">
        <div>
          <p className="brand footer-brand">
            <Logo />
            <span>{PRODUCT_NAME}</span>
          </p>
          <p>Turnover and inspection checklists with photo proof.</p>
        </div>
        <nav aria-label="Product">
          <h2>Product</h2>
          <ul>
            <li>
              <a href="/#features">Features</a>
            </li>
            <li>
              <a href="/#pricing">Pricing</a>
            </li>
            <li>
              <a href="/features">All features</a>
            </li>
            <li>
              <a href="/demo">Demo</a>
            </li>
            <li>
              <a href="/templates">Templates</a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Resources">
          <h2>Resources</h2>
          <ul>
            <li>
              <a href="/checklists">Free checklists</a>
            </li>
            <li>
              <a href={TURNOVER_LIBRARY}>Turnover library</a>
            </li>
            <li>
              <a href="/help">Help centre</a>
            </li>
            {industries.map((industry) => (
              <li key={industry.slug}>
                <a href={`/industries/${industry.slug}`}>{industry.name}</a>
              </li>
            ))}
            {cities.map((city) => (
              <li key={city.slug}>
                <a href={`/locations/${city.slug}`}>{city.city}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Company">
          <h2>Company</h2>
          <ul>
            <li>
              <a href="/contact">Contact</a>
            </li>
            <li>
              <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            </li>
            <li>
              <a href="/privacy">Privacy</a>
            </li>
            <li>
              <a href="/terms">Terms</a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="wrap copyright">© 2026 {PRODUCT_NAME}</p>
    </footer>
  );
}

export function PageShell({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main">{children}</main>
      <Footer />
    </>
  );
}

/** A page's heading band. */
export function PageIntro({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <section className="intro">
      <div className="wrap">
        <h1>{title}</h1>
        {lead ? <p className="lead">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}
