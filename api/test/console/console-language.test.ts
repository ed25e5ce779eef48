import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, DESKTOP, PHONE_390, screenshot, startConsoleHarness } from './console-harness.ts';

/**
 * The console speaks the host's language: a Spanish browser gets it in Spanish on its first load (the
 * server's first screen too), and Settings' picker switches it and keeps the choice on the account.
 */

let harness: ConsoleHarness;
beforeAll(async () => {
  harness = await startConsoleHarness();
});
afterAll(() => harness?.close());

const SPANISH = { locale: 'es-ES', extraHTTPHeaders: { 'Accept-Language': 'es-ES,es;q=0.9' } };

describe('the console in the browser’s language', () => {
  it('opens in Spanish for a Spanish browser on its first load, from the server’s first screen on', async () => {
    const host = await harness.owner('flex');
    // The server's render of /dashboard, before any script: already in Spanish.
    const served = await host.request('GET', '/dashboard', undefined, {
      Accept: 'text/html',
      'Accept-Language': 'es-ES,es;q=0.9',
    });
    expect(served.status).toBe(200);
    expect(served.body).toContain('<html lang="es"');
    expect(served.body).toContain('¡Te damos la bienvenida, Test!');
    expect(served.body).toContain('Completadas hoy');
    expect(served.body).not.toContain('>Completed Today<');

    for (const [device, name] of [
      [DESKTOP, 'desktop'],
      [PHONE_390, 'phone'],
    ] as const) {
      const page = await harness.newPage({ ...device, ...SPANISH }, host);
      await page.goto(harness.url('/dashboard'));
      await page.getByRole('heading', { name: '¡Te damos la bienvenida, Test!' }).waitFor();
      await page.getByText('Esto es lo que pasa hoy en tus propiedades.').waitFor();
      // The console's script has taken over (its menu, not in the server's page) and is still in Spanish.
      if (name === 'desktop') await page.getByRole('navigation', { name: 'Navegación principal' }).waitFor();
      else await page.getByRole('button', { name: 'Abrir el menú' }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      const text = await page.locator('body').innerText();
      for (const english of ['Welcome', 'Completed Today', 'Dashboard', 'Properties', 'Sign Out']) {
        expect(text).not.toContain(english);
      }
      await screenshot(page, `language-es-dashboard-${name}`);
      await page.context().close();
    }
    // The host had no language on record: the console saved the one it showed, for the mails.
    await expect.poll(async () => (await host.get('/api/auth/session')).body.profile.language).toBe('es');
  });

  it('switches to French from Settings and keeps French on the next visit, whatever the browser says', async () => {
    const host = await harness.owner('flex');
    const page = await harness.newPage({ ...DESKTOP, ...SPANISH }, host);
    await page.goto(harness.url('/settings'));
    await page.getByRole('heading', { name: 'Idioma y región' }).waitFor();
    await page.getByRole('combobox', { name: 'Idioma' }).click();
    await page.getByRole('option', { name: 'Français' }).click();
    await page.getByRole('heading', { name: 'Langue et région' }).waitFor();
    await page.getByRole('button', { name: 'Changer le mot de passe' }).waitFor();
    await expect.poll(async () => (await host.get('/api/auth/session')).body.profile.language).toBe('fr');
    await screenshot(page, 'language-fr-settings');
    await page.context().close();

    // Another Spanish browser: the host's choice wins.
    const other = await harness.newPage({ ...DESKTOP, ...SPANISH }, host);
    await other.goto(harness.url('/dashboard'));
    await other.getByRole('heading', { name: 'Bienvenue, Test !' }).waitFor();
    await other.getByRole('link', { name: 'Paramètres' }).waitFor();
    await other.context().close();
  });
});
