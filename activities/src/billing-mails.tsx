/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { type PlanKey, PLANS } from '@turnproof/config';
import type { Language } from '@turnproof/config/languages';
import { formatDateTime } from '@turnproof/config/time-format';
import type { MailMessage } from '@turnproof/platform/mailer';
import { Button, MailLayout, renderMail, Text, Url } from '@turnproof/platform/mail';
import { LIMIT_UPGRADE_MESSAGE, type UsageNotice } from '@turnproof/platform/usage-rules';

/**
 * The e-mails about trials, usage, promo credits and failed payments, in one place so their wording is easy
 * to find; each in the host's language (`hostLanguage`), its times in the owner's zone and that language's format.
 */

type TrialNotice = 'expiring' | 'ending_soon';

const en = {
  trialNotices: {
    expiring: { title: 'Trial Expiring', left: '3 days' },
    ending_soon: { title: 'Trial Ending Soon!', left: '1 day' },
  } as Record<TrialNotice, { title: string; left: string }>,
  trialEnds: (title: string, time: string, left: string) =>
    `${title}: your free trial of Turnproof ends on ${time} (${left} left).`,
  trialSubject: (title: string, left: string) => `${title} (${left} left of your Turnproof trial)`,
  trialAfter: 'After that, properties, checklists and reports need a plan. Pick one to keep your work flowing:',
  usageNotices: {
    approaching: {
      subject: 'Approaching report limit',
      text: 'You have used 80% of the reports your plan gives you this month.',
    },
    limit_reached: {
      subject: 'Report limit reached',
      text: `${LIMIT_UPGRADE_MESSAGE} Reports of completed runs are held until you do, and are made as soon as you upgrade.`,
    },
  } as Record<UsageNotice, { subject: string; text: string }>,
  plansAndUsage: 'Plans and usage:',
  paymentFailed: (plan: string) => `We could not collect the payment for your Turnproof ${plan} plan.`,
  paymentFailedSubject: (plan: string) => `Payment failed: update your card to keep Turnproof ${plan}`,
  graceUntil: (time: string) =>
    `Your plan stays active until ${time}; after that your account moves to Flex (10 reports a month at $2.00 each).`,
  updatePayment: 'Update your payment method',
  downgraded: (plan: string) =>
    `The payment for your Turnproof ${plan} plan is still outstanding, so your account moved to Flex.`,
  downgradedSubject: 'Your Turnproof plan is now Flex',
  flexGives: 'Flex gives you up to 10 reports a month at $2.00 each and keeps photos for 30 days.',
  choosePlan: 'Choose a plan again:',
};

const es: typeof en = {
  trialNotices: {
    expiring: { title: 'Tu prueba termina pronto', left: 'quedan 3 días' },
    ending_soon: { title: '¡Tu prueba está a punto de terminar!', left: 'queda 1 día' },
  },
  trialEnds: (title, time, left) => `${title}: tu prueba gratuita de Turnproof termina el ${time} (${left}).`,
  trialSubject: (title, left) => `${title} (${left} de tu prueba de Turnproof)`,
  trialAfter:
    'Después, las propiedades, las listas de tareas y los informes necesitan un plan. Elige uno para seguir trabajando sin interrupciones:',
  usageNotices: {
    approaching: {
      subject: 'Cerca del límite de informes',
      text: 'Has usado el 80 % de los informes que tu plan incluye este mes.',
    },
    limit_reached: {
      subject: 'Límite de informes alcanzado',
      text: 'Has alcanzado tu límite. Mejora tu plan para continuar. Los informes de las inspecciones completadas quedan en espera hasta entonces y se generan en cuanto mejores tu plan.',
    },
  },
  plansAndUsage: 'Planes y uso:',
  paymentFailed: (plan) => `No hemos podido cobrar el pago de tu plan ${plan} de Turnproof.`,
  paymentFailedSubject: (plan) => `Pago fallido: actualiza tu tarjeta para conservar Turnproof ${plan}`,
  graceUntil: (time) =>
    `Tu plan sigue activo hasta el ${time}; después, tu cuenta pasará a Flex (10 informes al mes a 2,00 US$ cada uno).`,
  updatePayment: 'Actualiza tu método de pago',
  downgraded: (plan) => `El pago de tu plan ${plan} de Turnproof sigue pendiente, así que tu cuenta ha pasado a Flex.`,
  downgradedSubject: 'Tu plan de Turnproof ahora es Flex',
  flexGives: 'Flex te da hasta 10 informes al mes a 2,00 US$ cada uno y conserva las fotos durante 30 días.',
  choosePlan: 'Vuelve a elegir un plan:',
};

const fr: typeof en = {
  trialNotices: {
    expiring: { title: 'Fin de l’essai proche', left: '3 jours' },
    ending_soon: { title: 'Votre essai se termine bientôt !', left: '1 jour' },
  },
  trialEnds: (title, time, left) =>
    `${title} : votre essai gratuit de Turnproof se termine le ${time} (plus que ${left}).`,
  trialSubject: (title, left) => `${title} (plus que ${left} d’essai Turnproof)`,
  trialAfter:
    'Ensuite, les logements, les checklists et les rapports nécessitent une offre. Choisissez-en une pour continuer sans interruption :',
  usageNotices: {
    approaching: {
      subject: 'Limite de rapports bientôt atteinte',
      text: 'Vous avez utilisé 80 % des rapports inclus dans votre offre ce mois-ci.',
    },
    limit_reached: {
      subject: 'Limite de rapports atteinte',
      text: 'Vous avez atteint votre limite. Changez d’offre pour continuer. Les rapports des inspections terminées sont mis en attente d’ici là, puis générés dès que vous changez d’offre.',
    },
  },
  plansAndUsage: 'Offres et utilisation :',
  paymentFailed: (plan) => `Nous n’avons pas pu encaisser le paiement de votre offre Turnproof ${plan}.`,
  paymentFailedSubject: (plan) => `Échec du paiement : mettez à jour votre carte pour garder Turnproof ${plan}`,
  graceUntil: (time) =>
    `Votre offre reste active jusqu’au ${time} ; ensuite, votre compte passera à Flex (10 rapports par mois à 2,00 $ US chacun).`,
  updatePayment: 'Mettre à jour votre moyen de paiement',
  downgraded: (plan) =>
    `Le paiement de votre offre Turnproof ${plan} est toujours en attente : votre compte est donc passé à Flex.`,
  downgradedSubject: 'Votre offre Turnproof est désormais Flex',
  flexGives: 'Flex vous donne jusqu’à 10 rapports par mois à 2,00 $ US chacun et conserve les photos 30 jours.',
  choosePlan: 'Choisissez à nouveau une offre :',
};

const TEXTS: Record<Language, typeof en> = { en, es, fr };

export function trialNoticeMail(
  to: string,
  notice: TrialNotice,
  /** `timeZone`: the owner's (account-level times have no property). */
  trial: { endsAt: Date; plansUrl: string; timeZone: string },
  language: Language,
): MailMessage {
  const texts = TEXTS[language];
  const { title, left } = texts.trialNotices[notice];
  const sentence = texts.trialEnds(title, formatDateTime(trial.endsAt, trial.timeZone, language), left);
  return {
    to,
    subject: texts.trialSubject(title, left),
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
        <Text>{sentence}</Text>
        <Text>{texts.trialAfter}</Text>
        <Text>
          <Url href={trial.plansUrl} />
        </Text>
      </MailLayout>,
    ),
  };
}

export function usageNoticeMail(to: string, notice: UsageNotice, plansUrl: string, language: Language): MailMessage {
  const texts = TEXTS[language];
  const { subject, text } = texts.usageNotices[notice];
  return {
    to,
    subject,
    ...renderMail(
      <MailLayout preview={text} lang={language}>
        <Text>{text}</Text>
        <Text>
          {texts.plansAndUsage} <Url href={plansUrl} />
        </Text>
      </MailLayout>,
    ),
  };
}

export function paymentFailedMail(
  to: string,
  planKey: PlanKey,
  graceEndsAt: Date,
  billingUrl: string,
  timeZone: string,
  language: Language,
): MailMessage {
  const texts = TEXTS[language];
  const plan = PLANS[planKey].name;
  const sentence = texts.paymentFailed(plan);
  return {
    to,
    subject: texts.paymentFailedSubject(plan),
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
        <Text>{sentence}</Text>
        <Text>{texts.graceUntil(formatDateTime(graceEndsAt, timeZone, language))}</Text>
        <Button href={billingUrl}>{texts.updatePayment}</Button>
      </MailLayout>,
    ),
  };
}

export function downgradedMail(to: string, planKey: PlanKey, billingUrl: string, language: Language): MailMessage {
  const texts = TEXTS[language];
  const sentence = texts.downgraded(PLANS[planKey].name);
  return {
    to,
    subject: texts.downgradedSubject,
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
        <Text>{sentence}</Text>
        <Text>{texts.flexGives}</Text>
        <Text>
          {texts.choosePlan} <Url href={billingUrl} />
        </Text>
      </MailLayout>,
    ),
  };
}
