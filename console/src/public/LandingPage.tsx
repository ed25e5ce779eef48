import { PublicLayout } from './PublicLayout.tsx';

const highlights = [
  { title: 'Photo proof', text: 'Every task can require photos, so you see the turnover as it was left.' },
  { title: 'A magic link for cleaners', text: 'Cleaners open the checklist on their phone. No account, no app store.' },
  {
    title: 'Time-stamped PDF report',
    text: 'A finished run becomes a PDF with every photo and the time each task was done.',
  },
];

export function LandingPage() {
  return (
    <PublicLayout>
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">Turnproof</h1>
        <p className="pitch">
          Turnover and inspection checklists with photo proof, a magic link for your cleaners, and a time-stamped PDF
          report.
        </p>
        <div className="actions">
          <a className="button button-primary" href="/auth">
            Sign In
          </a>
          <a className="button button-secondary" href="/api/openapi.json">
            API reference
          </a>
        </div>
      </section>
      <section aria-label="What Turnproof does">
        <ul className="highlights">
          {highlights.map(({ title, text }) => (
            <li key={title} className="card">
              <h2>{title}</h2>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </PublicLayout>
  );
}
