import { PublicLayout } from './PublicLayout.tsx';

export function AuthPage() {
  return (
    <PublicLayout>
      <section className="panel" aria-labelledby="auth-title">
        <h1 id="auth-title">Sign In</h1>
        <p>The owner console sign-in arrives soon. Until then, there is nothing to sign in to.</p>
        <a className="button button-secondary" href="/">
          Return to Home
        </a>
      </section>
    </PublicLayout>
  );
}
