/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { Language } from '@turnproof/config/languages';
import { Button, MailLayout, Quote, renderMail, Text } from '../mail/index.ts';
import type { MailMessage } from '../mailer.ts';

/** A work order as its mails name it; `due` is already formatted in the property's time zone. */
export interface WorkOrderMailFacts {
  title: string;
  description: string | null;
  propertyName: string;
  address: string;
  ownerName: string;
  vendorName: string;
  due: string | null;
  link: string;
}

type Texts = {
  linkSubject: (facts: WorkOrderMailFacts) => string;
  linkIntro: (facts: WorkOrderMailFacts) => string;
  reminderSubject: (facts: WorkOrderMailFacts) => string;
  reminderIntro: (facts: WorkOrderMailFacts) => string;
  sentBackSubject: (facts: WorkOrderMailFacts) => string;
  sentBackIntro: (facts: WorkOrderMailFacts) => string;
  due: (due: string) => string;
  open: string;
  overdueSubject: (facts: WorkOrderMailFacts) => string;
  overdueIntro: (facts: WorkOrderMailFacts) => string;
  completedSubject: (facts: WorkOrderMailFacts) => string;
  completedIntro: (facts: WorkOrderMailFacts, cost: string) => string;
  overLimit: (limit: string) => string;
  review: string;
};

const TEXTS: Record<Language, Texts> = {
  en: {
    linkSubject: (f) => `Work order: ${f.title} at ${f.propertyName}`,
    linkIntro: (f) => `Hello ${f.vendorName}, ${f.ownerName} asks you to fix this at ${f.propertyName} (${f.address}):`,
    reminderSubject: (f) => `Reminder: ${f.title} at ${f.propertyName}`,
    reminderIntro: (f) => `Hello ${f.vendorName}, a reminder of this work order at ${f.propertyName} (${f.address}):`,
    sentBackSubject: (f) => `Sent back: ${f.title} at ${f.propertyName}`,
    sentBackIntro: (f) => `Hello ${f.vendorName}, ${f.ownerName} sent this work order back: more is needed.`,
    due: (due) => `Due: ${due}`,
    open: 'Open the work order (no account needed) to see the photos and mark it done with your cost:',
    overdueSubject: (f) => `Overdue work order: ${f.title}`,
    overdueIntro: (f) => `The work order "${f.title}" at ${f.propertyName} (${f.vendorName}) is past its due time.`,
    completedSubject: (f) => `Work order done: ${f.title}`,
    completedIntro: (f, cost) => `${f.vendorName} finished "${f.title}" at ${f.propertyName}. Cost: ${cost}.`,
    overLimit: (limit) => `The cost is over your limit of ${limit}: it waits for your approval.`,
    review: 'Review and approve it in the console:',
  },
  es: {
    linkSubject: (f) => `Orden de trabajo: ${f.title} en ${f.propertyName}`,
    linkIntro: (f) => `Hola ${f.vendorName}, ${f.ownerName} te pide arreglar esto en ${f.propertyName} (${f.address}):`,
    reminderSubject: (f) => `Recordatorio: ${f.title} en ${f.propertyName}`,
    reminderIntro: (f) =>
      `Hola ${f.vendorName}, un recordatorio de esta orden de trabajo en ${f.propertyName} (${f.address}):`,
    sentBackSubject: (f) => `Devuelta: ${f.title} en ${f.propertyName}`,
    sentBackIntro: (f) => `Hola ${f.vendorName}, ${f.ownerName} te devolvió esta orden de trabajo: falta algo.`,
    due: (due) => `Para: ${due}`,
    open: 'Abre la orden (sin cuenta) para ver las fotos y márcala como hecha con tu costo:',
    overdueSubject: (f) => `Orden de trabajo vencida: ${f.title}`,
    overdueIntro: (f) => `La orden "${f.title}" en ${f.propertyName} (${f.vendorName}) pasó su hora límite.`,
    completedSubject: (f) => `Orden de trabajo hecha: ${f.title}`,
    completedIntro: (f, cost) => `${f.vendorName} terminó "${f.title}" en ${f.propertyName}. Costo: ${cost}.`,
    overLimit: (limit) => `El costo supera tu límite de ${limit}: espera tu aprobación.`,
    review: 'Revísala y apruébala en la consola:',
  },
  fr: {
    linkSubject: (f) => `Bon d’intervention : ${f.title} à ${f.propertyName}`,
    linkIntro: (f) =>
      `Bonjour ${f.vendorName}, ${f.ownerName} vous demande de réparer ceci à ${f.propertyName} (${f.address}) :`,
    reminderSubject: (f) => `Rappel : ${f.title} à ${f.propertyName}`,
    reminderIntro: (f) =>
      `Bonjour ${f.vendorName}, un rappel de ce bon d’intervention à ${f.propertyName} (${f.address}) :`,
    sentBackSubject: (f) => `Renvoyé : ${f.title} à ${f.propertyName}`,
    sentBackIntro: (f) => `Bonjour ${f.vendorName}, ${f.ownerName} vous a renvoyé ce bon : il reste à faire.`,
    due: (due) => `Échéance : ${due}`,
    open: 'Ouvrez le bon (sans compte) pour voir les photos et le marquer terminé avec votre coût :',
    overdueSubject: (f) => `Bon d’intervention en retard : ${f.title}`,
    overdueIntro: (f) => `Le bon « ${f.title} » à ${f.propertyName} (${f.vendorName}) a dépassé son échéance.`,
    completedSubject: (f) => `Bon d’intervention terminé : ${f.title}`,
    completedIntro: (f, cost) => `${f.vendorName} a terminé « ${f.title} » à ${f.propertyName}. Coût : ${cost}.`,
    overLimit: (limit) => `Le coût dépasse votre limite de ${limit} : il attend votre accord.`,
    review: 'Vérifiez-le et approuvez-le dans la console :',
  },
};

export type VendorNotice = 'link' | 'reminder' | 'sent_back';

/**
 * The vendor's mail with the link: when the order is made (`link`), before it is due (`reminder`), and when
 * the host sends the work back (`sent_back`, with the host's note).
 */
export function vendorMail(
  to: string,
  kind: VendorNotice,
  facts: WorkOrderMailFacts & { note?: string | null },
  language: Language,
): MailMessage {
  const texts = TEXTS[language];
  const [subject, intro] = {
    link: [texts.linkSubject, texts.linkIntro],
    reminder: [texts.reminderSubject, texts.reminderIntro],
    sent_back: [texts.sentBackSubject, texts.sentBackIntro],
  }[kind].map((text) => text(facts)) as [string, string];
  return {
    to,
    subject,
    ...renderMail(
      <MailLayout preview={intro} lang={language}>
        <Text>{intro}</Text>
        {facts.note && <Quote text={facts.note} />}
        <Quote text={facts.description ? `${facts.title}\n${facts.description}` : facts.title} />
        {facts.due && <Text>{texts.due(facts.due)}</Text>}
        <Text>{texts.open}</Text>
        <Button href={facts.link}>{facts.link}</Button>
      </MailLayout>,
    ),
  };
}

/** The host's mail when a work order passes its due time unfinished; `link` is the console's page of it. */
export function overdueMail(to: string, facts: WorkOrderMailFacts, language: Language): MailMessage {
  const texts = TEXTS[language];
  const intro = texts.overdueIntro(facts);
  return {
    to,
    subject: texts.overdueSubject(facts),
    ...renderMail(
      <MailLayout preview={intro} lang={language}>
        <Text>{intro}</Text>
        {facts.due && <Text>{texts.due(facts.due)}</Text>}
        <Button href={facts.link}>{facts.link}</Button>
      </MailLayout>,
    ),
  };
}

/** The host's mail when the vendor reports the work done; a cost over the limit says it waits for approval. */
export function completedMail(
  to: string,
  facts: WorkOrderMailFacts,
  cost: { amount: string; overLimit: string | null },
  language: Language,
): MailMessage {
  const texts = TEXTS[language];
  const intro = texts.completedIntro(facts, cost.amount);
  return {
    to,
    subject: texts.completedSubject(facts),
    ...renderMail(
      <MailLayout preview={intro} lang={language}>
        <Text>{intro}</Text>
        {cost.overLimit && <Text>{texts.overLimit(cost.overLimit)}</Text>}
        <Text>{texts.review}</Text>
        <Button href={facts.link}>{facts.link}</Button>
      </MailLayout>,
    ),
  };
}
