import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, goodPassword, signedInOwner, uniqueEmail } from './support/browser.ts';
import { htmlReading, linkIn } from './support/mailbox.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('mails to a host in the host’s language', () => {
  it('sends the confirmation in Spanish to a host who signed up from a Spanish console', async () => {
    const email = uniqueEmail();
    const browser = new Browser(api.baseUrl);
    const signUp = await browser.post('/api/auth/signup', {
      email,
      password: goodPassword,
      full_name: 'Lucía',
      language: 'es',
    });
    expect(signUp.status).toBe(201);
    const mail = await api.mailbox.latest(email, /Turnproof/);
    expect(mail.subject).toBe('Confirma tu cuenta de Turnproof');
    expect(mail.text).toContain('Hola, Lucía:');
    expect(htmlReading(mail)).toContain(
      'Confirma tu dirección de correo electrónico para terminar de crear tu cuenta:',
    );
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.text).not.toMatch(/Welcome|Please confirm/);
    // The link works as in English: the account is confirmed and its language is Spanish.
    const link = new URL(linkIn(mail));
    expect((await browser.get(`${link.pathname}${link.search}`)).status).toBe(200);
    expect((await browser.post('/api/auth/login', { email, password: goodPassword })).status).toBe(200);
    expect((await browser.get('/api/auth/session')).body.profile.language).toBe('es');
  });

  it('takes the language of the request when the sign-up names none', async () => {
    const email = uniqueEmail();
    const answer = await new Browser(api.baseUrl).request(
      'POST',
      '/api/auth/signup',
      { email, password: goodPassword, full_name: 'Chloé' },
      { 'Accept-Language': 'fr-CA,fr;q=0.9,en;q=0.8' },
    );
    expect(answer.status).toBe(201);
    expect((await api.mailbox.latest(email, /Turnproof/)).subject).toBe('Confirmez votre compte Turnproof');
  });

  it('sends the password reset in Spanish once the host picks Spanish in Settings', async () => {
    const owner = await signedInOwner(api);
    const chosen = await owner.put('/api/profile', { language: 'es' });
    expect(chosen.status).toBe(200);
    expect(chosen.body.language).toBe('es');
    expect((await owner.get('/api/auth/session')).body.profile.language).toBe('es');

    await new Browser(api.baseUrl).post('/api/auth/password-reset/request', { email: owner.email });
    const mail = await api.mailbox.latest(owner.email, /contraseña/);
    expect(mail.subject).toBe('Restablece tu contraseña de Turnproof');
    expect(mail.text).toContain(
      'Elige una contraseña nueva con este enlace. Caduca en 1 hora y solo funciona una vez:',
    );
    expect(mail.text).toContain('/password-reset?step=reset&token=');
    expect(mail.text).not.toMatch(/Reset your|Choose a new password/);
  });

  it('refuses a language the console does not speak, naming the ones it does', async () => {
    const owner = await signedInOwner(api);
    const answer = await owner.put('/api/profile', { language: 'de' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain('Language must be one of: en, es, fr.');
  });
});
