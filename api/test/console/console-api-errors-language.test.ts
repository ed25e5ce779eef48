import { afterAll, beforeAll, describe, it } from 'vitest';
import { type ConsoleHarness, DESKTOP, screenshot, startConsoleHarness } from './console-harness.ts';
import { expectTranslated, hydrated, shownText } from './page-checks.ts';
import { uniqueEmail } from '../support/browser.ts';

/**
 * The API's errors as a Spanish or French host reads them: a wrong password, the lockout after it (with its
 * wait), a promo code that does not exist, and the plan's property limit, each in the host's language.
 */

let harness: ConsoleHarness;
const budget = { points: 2, durationSeconds: 600 };
beforeAll(async () => {
  harness = await startConsoleHarness({
    api: { rateLimits: { signInFailuresPerEmail: budget, signInFailuresPerDevice: budget } },
  });
});
afterAll(() => harness?.close());

const ENGLISH = [
  'Invalid email or password',
  'Too many failed sign-in attempts',
  'Invalid promo code',
  "You've reached your limit",
];

describe.each([
  {
    language: 'es',
    locale: 'es-ES',
    email: /^Correo electrónico/,
    password: /^Contraseña/,
    fullName: /^Nombre completo/,
    promo: /^Código promocional/,
    signIn: 'Iniciar sesión',
    signUp: 'Registrarse',
    propertyName: /^Nombre de la propiedad/,
    address: /^Dirección/,
    create: 'Crear propiedad',
    wrong: 'El correo electrónico o la contraseña no son correctos. Revísalos e inténtalo de nuevo.',
    locked: 'Demasiados intentos fallidos de inicio de sesión. Espera 10 minutos e inténtalo de nuevo.',
    promoRefused: 'No se ha aplicado el código promocional NOSUCHCODE: Código promocional no válido.',
    limit: 'Has alcanzado tu límite de 3 propiedades. Mejora tu plan para añadir más.',
    promoBox: 'Código promocional',
    apply: 'Aplicar',
    invalidCode: 'Código promocional no válido',
  },
  {
    language: 'fr',
    locale: 'fr-FR',
    email: /^E-mail/,
    password: /^Mot de passe/,
    fullName: /^Nom complet/,
    promo: /^Code promo/,
    signIn: 'Se connecter',
    signUp: 'S’inscrire',
    propertyName: /^Nom du logement/,
    address: /^Adresse/,
    create: 'Créer le logement',
    wrong: 'Adresse e-mail ou mot de passe incorrect. Vérifiez vos identifiants et réessayez.',
    locked: 'Trop de tentatives de connexion échouées. Patientez 10 minutes, puis réessayez.',
    promoRefused: 'Le code promo NOSUCHCODE n’a pas été appliqué : Code promo invalide.',
    limit: 'Vous avez atteint votre limite de 3 logements. Passez à une offre supérieure pour en ajouter.',
    promoBox: 'Code promo',
    apply: 'Appliquer',
    invalidCode: 'Code promo invalide',
  },
])('the API’s errors in $language', (words) => {
  const device = {
    ...DESKTOP,
    locale: words.locale,
    extraHTTPHeaders: { 'Accept-Language': `${words.locale},${words.language};q=0.9` },
  };

  it('say a wrong password, the lockout and an unknown promo code in the host’s language', async () => {
    const host = await harness.owner('flex');
    const page = await harness.newPage(device);
    await page.goto(harness.url('/auth'));
    await page.getByRole('heading', { name: words.signIn }).waitFor();
    // The API's own answers are under test: a tap before the console has started sends the plain form instead.
    await hydrated(page, '#auth-form');
    await page.getByLabel(words.email).fill(host.email);
    await page.getByLabel(words.password).fill('not-the-password');
    const signIn = page.getByRole('button', { name: words.signIn, exact: true });
    const attempt = async (status: number) => {
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
      await signIn.click();
      if ((await answer).status() !== status) throw new Error(`sign-in answered ${(await answer).status()}`);
    };
    await attempt(401);
    await page.getByRole('alert').filter({ hasText: words.wrong }).waitFor();
    await attempt(401);
    // The budget of two is spent: the next try is refused with the wait, in minutes, in the host's language.
    await attempt(429);
    await page.getByRole('alert').filter({ hasText: words.locked }).waitFor();
    expectTranslated(await shownText(page), ENGLISH, `/auth in ${words.language}`);
    await screenshot(page, `api-errors-${words.language}-locked`);

    await page.getByRole('link', { name: words.signUp }).click();
    await page.getByLabel(words.fullName).fill('Ana Test');
    await page.getByLabel(words.email).fill(uniqueEmail());
    await page.getByLabel(words.password).fill(harness.password);
    await page.getByLabel(words.promo).fill('NOSUCHCODE');
    await page.getByRole('button', { name: words.signUp, exact: true }).click();
    await page.getByText(words.promoRefused).waitFor();
    expectTranslated(await shownText(page), ENGLISH, `the sign-up's promo in ${words.language}`);
    await page.context().close();
  });

  it('says the property limit of the plan and an unknown promo code on Plans & Billing in the host’s language', async () => {
    const host = await harness.owner('flex');
    await host.put('/api/profile', { language: words.language });
    for (const n of [1, 2, 3]) await host.post('/api/properties', { name: `House ${n}`, address: `${n} Main St` });
    const page = await harness.newPage(device, host);
    await page.goto(harness.url('/properties/create'));
    await page.getByLabel(words.propertyName).fill('House 4');
    await page.getByLabel(words.address).fill('4 Main St');
    await page.getByRole('button', { name: words.create }).click();
    await page.getByText(words.limit).waitFor();
    expectTranslated(await shownText(page), ENGLISH, `the refused property in ${words.language}`);
    await screenshot(page, `api-errors-${words.language}-property-limit`);

    await page.goto(harness.url('/subscription'));
    await page.getByRole('textbox', { name: words.promoBox }).fill('nosuchcode');
    await page.getByRole('button', { name: words.apply }).click();
    await page.getByRole('alert').filter({ hasText: words.invalidCode }).waitFor();
    expectTranslated(await shownText(page), ENGLISH, `the promo code box in ${words.language}`);
    await page.context().close();
  });
});
