/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { Language } from '@turnproof/config/languages';
import { Button, MailLayout, renderMail, Text } from '@turnproof/platform/mail';
import type { MailMessage } from '@turnproof/platform/mailer';

const TEXTS: Record<Language, { subject: string; sentence: (url: string) => string; next: string; button: string }> = {
  en: {
    subject: 'Webhook endpoint disabled',
    sentence: (url) => `Your webhook endpoint ${url} failed every delivery for 3 days, so we disabled it.`,
    next: 'Events are no longer sent to it. Once it answers again, add it again under Settings, Developers.',
    button: 'Open Settings',
  },
  es: {
    subject: 'Endpoint de webhook desactivado',
    sentence: (url) =>
      `Tu endpoint de webhook ${url} falló en todas las entregas durante 3 días, así que lo desactivamos.`,
    next: 'Ya no recibe eventos. Cuando vuelva a responder, añádelo de nuevo en Ajustes, Desarrolladores.',
    button: 'Abrir Ajustes',
  },
  fr: {
    subject: 'Endpoint de webhook désactivé',
    sentence: (url) =>
      `Votre endpoint de webhook ${url} a échoué à chaque envoi pendant 3 jours : nous l’avons désactivé.`,
    next: 'Il ne reçoit plus d’événements. Quand il répondra de nouveau, ajoutez-le dans Paramètres, Développeurs.',
    button: 'Ouvrir les paramètres',
  },
};

/** Tells the owner their endpoint was disabled after the retry window of a delivery ran out. */
export function webhookDisabledMail(
  to: string,
  endpointUrl: string,
  settingsUrl: string,
  language: Language,
): MailMessage {
  const texts = TEXTS[language];
  const sentence = texts.sentence(endpointUrl);
  return {
    to,
    subject: texts.subject,
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
        <Text>{sentence}</Text>
        <Text>{texts.next}</Text>
        <Button href={settingsUrl}>{texts.button}</Button>
      </MailLayout>,
    ),
  };
}
