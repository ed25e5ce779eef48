/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Button, MailLayout, renderMail, Text } from '@turnproof/platform/mail';
import type { Mailer } from '@turnproof/platform/mailer';
import type { Language } from '@turnproof/config/languages';

/** The account mails' sentences in each language the host may have chosen (Settings, or the browser at sign-up). */
const texts = {
  en: {
    confirmSubject: 'Confirm your Turnproof account',
    confirmWelcome: 'Welcome to Turnproof! Please confirm your e-mail address to finish creating your account:',
    hi: (name: string) => `Hi ${name},`,
    confirmIgnore: 'If you did not sign up, you can ignore this message.',
    resetSubject: 'Reset your Turnproof password',
    resetAsked: 'Someone asked to reset the password of your Turnproof account.',
    resetChoose: 'Choose a new password with this link. It expires in 1 hour and works once:',
    resetIgnore: 'If it was not you, ignore this message: your password stays as it is.',
    existingSubject: 'Your Turnproof account',
    existingTried: 'Someone tried to create a Turnproof account with this e-mail address, which already has one.',
    existingSignIn: 'If it was you, sign in at',
    existingOrReset: 'or choose a new password at',
    existingIgnore: 'If it was not you, ignore this message: nothing has changed.',
  },
  es: {
    confirmSubject: 'Confirma tu cuenta de Turnproof',
    confirmWelcome:
      '¡Te damos la bienvenida a Turnproof! Confirma tu dirección de correo electrónico para terminar de crear tu cuenta:',
    hi: (name: string) => `Hola, ${name}:`,
    confirmIgnore: 'Si no te registraste, puedes ignorar este mensaje.',
    resetSubject: 'Restablece tu contraseña de Turnproof',
    resetAsked: 'Alguien ha pedido restablecer la contraseña de tu cuenta de Turnproof.',
    resetChoose: 'Elige una contraseña nueva con este enlace. Caduca en 1 hora y solo funciona una vez:',
    resetIgnore: 'Si no fuiste tú, ignora este mensaje: tu contraseña sigue siendo la misma.',
    existingSubject: 'Tu cuenta de Turnproof',
    existingTried:
      'Alguien ha intentado crear una cuenta de Turnproof con esta dirección de correo electrónico, que ya tiene una.',
    existingSignIn: 'Si fuiste tú, inicia sesión en',
    existingOrReset: 'o elige una contraseña nueva en',
    existingIgnore: 'Si no fuiste tú, ignora este mensaje: no ha cambiado nada.',
  },
  fr: {
    confirmSubject: 'Confirmez votre compte Turnproof',
    confirmWelcome: 'Bienvenue sur Turnproof ! Confirmez votre adresse e-mail pour finir de créer votre compte :',
    hi: (name: string) => `Bonjour ${name},`,
    confirmIgnore: 'Si vous ne vous êtes pas inscrit, ignorez ce message.',
    resetSubject: 'Réinitialisez votre mot de passe Turnproof',
    resetAsked: 'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Turnproof.',
    resetChoose: 'Choisissez un nouveau mot de passe avec ce lien. Il expire dans 1 heure et ne sert qu’une fois :',
    resetIgnore: 'Si ce n’était pas vous, ignorez ce message : votre mot de passe reste inchangé.',
    existingSubject: 'Votre compte Turnproof',
    existingTried: 'Quelqu’un a essayé de créer un compte Turnproof avec cette adresse e-mail, qui en a déjà un.',
    existingSignIn: 'Si c’était vous, connectez-vous sur',
    existingOrReset: 'ou choisissez un nouveau mot de passe sur',
    existingIgnore: 'Si ce n’était pas vous, ignorez ce message : rien n’a changé.',
  },
} satisfies Record<Language, unknown>;

export function sendConfirmationMail(mailer: Mailer, to: string, name: string, link: string, language: Language) {
  const t = texts[language];
  return mailer.send({
    to,
    subject: t.confirmSubject,
    ...renderMail(
      <MailLayout preview={t.confirmWelcome} lang={language}>
        <Text>{t.hi(name)}</Text>
        <Text>{t.confirmWelcome}</Text>
        <Button href={link}>{link}</Button>
        <Text>{t.confirmIgnore}</Text>
      </MailLayout>,
    ),
  });
}

export function sendPasswordResetMail(mailer: Mailer, to: string, link: string, language: Language) {
  const t = texts[language];
  return mailer.send({
    to,
    subject: t.resetSubject,
    ...renderMail(
      <MailLayout preview={t.resetAsked} lang={language}>
        <Text>{t.resetAsked}</Text>
        <Text>{t.resetChoose}</Text>
        <Button href={link}>{link}</Button>
        <Text>{t.resetIgnore}</Text>
      </MailLayout>,
    ),
  });
}

/** Someone signed up with an address that has an account: its owner hears of it, the sign-up learns nothing. */
export function sendExistingAccountMail(mailer: Mailer, to: string, origin: string, language: Language) {
  const t = texts[language];
  return mailer.send({
    to,
    subject: t.existingSubject,
    ...renderMail(
      <MailLayout preview={t.existingTried} lang={language}>
        <Text>{t.existingTried}</Text>
        <Text>
          {t.existingSignIn} <a href={`${origin}/auth`}>{`${origin}/auth`}</a>, {t.existingOrReset}{' '}
          <a href={`${origin}/password-reset`}>{`${origin}/password-reset`}</a>.
        </Text>
        <Text>{t.existingIgnore}</Text>
      </MailLayout>,
    ),
  });
}
