import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, DESKTOP, PHONE_390, screenshot, startConsoleHarness } from './console-harness.ts';
import { expectTranslated, hydrated, problemsOf, shownText } from './page-checks.ts';

/**
 * The screens around the console's menu in the host's language: sign-in, sign-up and password reset in
 * Spanish from the server's HTML on (and hydrated in Spanish), onboarding in Spanish, and the checklist
 * editor in French, down to what a screen reader hears while a task is moved.
 */

let harness: ConsoleHarness;
beforeAll(async () => {
  harness = await startConsoleHarness();
  // The API loads the console's server bundle on the first render (seconds on a busy machine).
  await fetch(harness.url('/auth'));
});
afterAll(() => harness?.close());

const SPANISH_HEADERS = { 'Accept-Language': 'es-ES,es;q=0.9' };
const SPANISH = { locale: 'es-ES', extraHTTPHeaders: SPANISH_HEADERS };

/** The visible text of a server-rendered page: its markup without scripts, styles and tags. */
const htmlText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

const SIGN_IN_ENGLISH = [
  'Sign In',
  'Sign Up',
  'Welcome back to Turnproof',
  'Email',
  'Password',
  'Forgot password?',
  'New to Turnproof?',
  'Show password',
  'Privacy',
  'Terms',
];
const SIGN_UP_ENGLISH = [
  'Create your account',
  'Start your free trial',
  'Full Name',
  'Promo code',
  'Password should be',
  'Already have an account?',
];
const RESET_ENGLISH = ['Reset Password', "we'll send you a link", 'Send Reset Link', 'Back to Sign In'];
const NEW_PASSWORD_ENGLISH = ['Set a New Password', 'New Password', 'Confirm Password', 'Update Password'];

describe('sign-in, sign-up and password reset for a Spanish browser', () => {
  it('come in Spanish in the server’s HTML', async () => {
    const get = async (path: string) => {
      const response = await fetch(harness.url(path), { headers: { Accept: 'text/html', ...SPANISH_HEADERS } });
      expect(response.status).toBe(200);
      return response.text();
    };
    const signIn = await get('/auth');
    expect(signIn).toContain('<html lang="es"');
    expect(signIn).toContain('>Iniciar sesión</h1>');
    expect(signIn).toContain('Te damos la bienvenida de nuevo a Turnproof.');
    expect(signIn).toContain('¿Has olvidado tu contraseña?');
    expect(signIn).toContain('aria-label="Mostrar la contraseña"');
    expectTranslated(htmlText(signIn), SIGN_IN_ENGLISH, 'the served /auth');

    const signUp = await get('/auth?mode=sign-up');
    expect(signUp).toContain('>Crea tu cuenta</h1>');
    expect(signUp).toContain('Código promocional (opcional)');
    expect(signUp).toContain('La contraseña debe tener al menos 8 caracteres.');
    expectTranslated(htmlText(signUp), [...SIGN_IN_ENGLISH, ...SIGN_UP_ENGLISH], 'the served sign-up');

    const reset = await get('/password-reset');
    expect(reset).toContain('>Restablecer la contraseña</h1>');
    expect(reset).toContain('Enviar el enlace');
    expectTranslated(htmlText(reset), RESET_ENGLISH, 'the served /password-reset');
  });

  it('hydrate in Spanish, say their checks in Spanish, and sign in to a Spanish onboarding', async () => {
    const host = await harness.owner('trial');
    const page = await harness.newPage({ ...PHONE_390, ...SPANISH });
    const problems = problemsOf(page);
    await page.goto(harness.url('/auth'));
    await hydrated(page, '#auth-form');
    // The server's Spanish and the browser's first render matched: no hydration error.
    expect(problems).toEqual([]);
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    await page.getByRole('button', { name: 'Mostrar la contraseña' }).click();
    await page.getByRole('button', { name: 'Ocultar la contraseña' }).waitFor();
    expectTranslated(await shownText(page), SIGN_IN_ENGLISH, '/auth');
    await screenshot(page, 'language-es-auth-390');

    // Forgot password without an e-mail: the check speaks Spanish.
    await page.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).click();
    await page.getByRole('alert').filter({ hasText: 'Primero escribe tu dirección de correo electrónico.' }).waitFor();

    await page.getByRole('link', { name: 'Registrarse' }).click();
    await page.getByRole('heading', { name: 'Crea tu cuenta' }).waitFor();
    await page.getByLabel(/^Nombre completo/).fill('Ana');
    await page.getByLabel(/^Correo electrónico/).fill('ana@example.com');
    await page.getByLabel(/^Contraseña/).fill('corta');
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await page.getByRole('alert').filter({ hasText: 'La contraseña debe tener al menos 8 caracteres.' }).waitFor();
    expectTranslated(await shownText(page), [...SIGN_UP_ENGLISH, 'Sign Up'], 'the sign-up form');
    await screenshot(page, 'language-es-auth-sign-up-390');

    await page.getByRole('link', { name: 'Iniciar sesión' }).click();
    await page.getByLabel(/^Correo electrónico/).fill(host.email);
    // The API's answer to a wrong password, said in Spanish.
    await page.getByLabel(/^Contraseña/).fill('no-es-la-clave');
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'El correo electrónico o la contraseña no son correctos.' })
      .waitFor();
    await page.getByLabel(/^Contraseña/).fill(harness.password);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    // The API's greeting, in Spanish; then onboarding, in Spanish too.
    await page.getByText('¡Hola de nuevo!').waitFor();
    await page.getByRole('heading', { name: '¡Te damos la bienvenida a Turnproof, Test Owner!' }).waitFor();
    expectTranslated(
      await shownText(page),
      ['Welcome to Turnproof', 'Property management', 'Smart checklists', 'Get Started', 'Sign Out'],
      'the onboarding welcome',
    );
    await page.getByRole('button', { name: 'Empezar' }).click();
    await page.getByRole('heading', { name: 'Elige el plan que mejor te encaje' }).waitFor();
    await page.getByText(/^Tu prueba gratis de .+ dura hasta el /).waitFor();
    expectTranslated(
      await shownText(page),
      ['Choose Your Perfect Plan', 'Pay per report', 'Your free trial', 'Continue with free trial'],
      'the onboarding plans',
    );
    await page.getByRole('button', { name: 'Seguir con la prueba gratis' }).click();
    await page.getByRole('status').filter({ hasText: 'Tu prueba gratis sigue en marcha.' }).waitFor();
    await page.getByRole('heading', { name: 'Configuremos tu cuenta' }).waitFor();
    expectTranslated(
      await shownText(page),
      ['Welcome aboard', "Let's Set Up Your Account", 'completed', 'Setup progress', 'Need a hand?', 'View Guide'],
      'the onboarding checklist',
    );
    // The wrong password's 401 is the one error the browser logs.
    expect(problems.filter((problem) => !problem.startsWith('Failed to load resource'))).toEqual([]);
    await page.context().close();
  });

  it('resets a password in Spanish', async () => {
    const page = await harness.newPage({ ...DESKTOP, ...SPANISH });
    await page.goto(harness.url('/password-reset'));
    await hydrated(page, 'form');
    await page.getByRole('heading', { name: 'Restablecer la contraseña' }).waitFor();
    expectTranslated(await shownText(page), RESET_ENGLISH, '/password-reset');
    await page.getByLabel(/^Correo electrónico/).fill('nadie@example.com');
    await page.getByRole('button', { name: 'Enviar el enlace' }).click();
    await page.getByRole('heading', { name: 'Revisa tu correo' }).waitFor();
    await page.getByText('Te hemos enviado un enlace para restablecer la contraseña a nadie@example.com.').waitFor();
    expectTranslated(await shownText(page), ['Check Your Email', 'The link expires', 'Resend Email'], 'the sent step');

    await page.goto(harness.url('/password-reset?step=reset&token=unknown'));
    await page.getByRole('heading', { name: 'Elige una contraseña nueva' }).waitFor();
    await page.getByLabel(/^Contraseña nueva/).fill('una-clave-larga-1');
    await page.getByLabel(/^Confirma la contraseña/).fill('otra-clave-larga-2');
    await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await page.getByText('Las contraseñas no coinciden').waitFor();
    expectTranslated(await shownText(page), [...NEW_PASSWORD_ENGLISH, "Passwords don't match"], 'the reset step');
    await page.context().close();
  });
});

describe('the checklist editor for a host who reads French', () => {
  it('shows its labels, hints, dialogs and screen-reader announcements in French', async () => {
    const host = await harness.owner('flex');
    expect((await host.put('/api/profile', { language: 'fr' })).status).toBe(200);
    const property = (await host.post('/api/properties', { name: 'Maison Bleue', address: '1 rue de la Paix' })).body;
    const checklist = (
      await host.post('/api/checklists', { property_id: property.id, name: 'Rotation rapide', type: 'turnover' })
    ).body;
    for (const task of [
      { title: 'Faire les lits', section: 'Chambre', required_media: 2 },
      { title: 'Vider les poubelles', section: 'Chambre', required_media: 1 },
      { title: 'Arroser les plantes', section: '', required_media: 0 },
    ]) {
      expect((await host.post('/api/tasks', { ...task, description: '', checklist_id: checklist.id })).status).toBe(
        201,
      );
    }
    const page = await harness.newPage({ ...DESKTOP, locale: 'fr-FR' }, host);
    await page.goto(harness.url(`/properties/${property.id}/checklists/${checklist.id}/edit`));
    await page.getByRole('heading', { name: 'Tâches (3)' }).waitFor();
    await page.getByRole('heading', { name: 'Autres tâches (1)' }).waitFor();
    await page.getByText('2 photos obligatoires').waitFor();
    await page.getByText('1 photo obligatoire', { exact: true }).waitFor();
    await page.getByRole('group', { name: 'Photos obligatoires' }).waitFor();
    await page.getByText('Ajoutez un titre pour ajouter la tâche.').waitFor();
    await page.getByRole('button', { name: 'Renommer la checklist' }).waitFor();
    await page.waitForLoadState('networkidle');
    expectTranslated(
      await shownText(page),
      [
        'Tasks (',
        'Other tasks',
        'Add Task',
        'Add task',
        'photos required',
        'photo required',
        'Required photos',
        'Drag a task',
        'Task title',
        'Description (optional)',
        'Section (room)',
        'Add a title',
        'Rename checklist',
        'Move "',
        'Edit "',
        'Delete "',
        'Checklist Editor',
      ],
      'the checklist editor',
    );
    await screenshot(page, 'language-fr-checklist-editor');

    // Moved with the keyboard: the instructions and the live region speak French.
    const handle = page.getByRole('button', { name: 'Déplacer « Faire les lits »' });
    const describedBy = await handle.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toContain(
      'Pour déplacer une tâche, placez-vous sur sa poignée et appuyez sur Espace',
    );
    const heard = (text: string) =>
      page.locator('[id^="DndLiveRegion"]').filter({ hasText: text }).first().waitFor({ state: 'attached' });
    await handle.focus();
    await page.keyboard.press('Space');
    await heard('« Faire les lits » est maintenant en position 1.');
    await page.keyboard.press('ArrowDown');
    await heard('« Faire les lits » est maintenant en position 2.');
    await page.keyboard.press('Space');
    await heard('« Faire les lits » déposée en position 2.');
    await page.getByText('Ordre des tâches enregistré').waitFor();

    // A task's deletion asks in French, and says it is done in French.
    await page.getByRole('button', { name: 'Supprimer « Arroser les plantes »' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Voulez-vous vraiment supprimer cette tâche ?').waitFor();
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('Tâche supprimée').waitFor();
    await page.getByRole('heading', { name: 'Tâches (2)' }).waitFor();
    await page.context().close();
  });
});
