/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { Language } from '@turnproof/config/languages';
import { Button, Items, MailLayout, Quote, renderMail, Text } from './mail/index.ts';
import type { MailMessage } from './mailer.ts';

const TEXTS: Record<
  Language,
  {
    subject: (property: string) => string;
    sentence: (count: number, property: string) => string;
    rejected: (photos: number) => string;
    note: string;
    open: string;
  }
> = {
  en: {
    subject: (property) => `Please revise: ${property}`,
    sentence: (count, property) =>
      `The host sent ${count === 1 ? 'a task' : `${count} tasks`} at ${property} back for revision:`,
    rejected: (n) => ` (${n} photo${n === 1 ? '' : 's'} rejected: take new ones)`,
    note: "Host's note:",
    open: 'Open the checklist again with this link; only these tasks are open:',
  },
  es: {
    subject: (property) => `Por favor, revisa: ${property}`,
    sentence: (count, property) =>
      `El anfitrión te ha devuelto ${count === 1 ? 'una tarea' : `${count} tareas`} en ${property} para que la${count === 1 ? '' : 's'} revises:`,
    rejected: (n) => ` (${n} foto${n === 1 ? '' : 's'} rechazada${n === 1 ? '' : 's'}: haz otras nuevas)`,
    note: 'Nota del anfitrión:',
    open: 'Vuelve a abrir la lista de tareas con este enlace; solo estas tareas están abiertas:',
  },
  fr: {
    subject: (property) => `À revoir : ${property}`,
    sentence: (count, property) =>
      `L’hôte vous a renvoyé ${count === 1 ? 'une tâche' : `${count} tâches`} à ${property} à revoir :`,
    // French keeps 1 singular (0 never comes: only rejected photos are counted).
    rejected: (n) => ` (${n} photo${n > 1 ? 's' : ''} refusée${n > 1 ? 's' : ''} : prenez-en de nouvelles)`,
    note: 'Note de l’hôte :',
    open: 'Rouvrez la checklist avec ce lien ; seules ces tâches sont ouvertes :',
  },
};

/**
 * Tells the cleaner which tasks the host sent back, each with the host's note on it and how many of its
 * photos were rejected, the note on the whole run, and the link that opens them; in the cleaner's language.
 */
export function revisionMail(
  to: string,
  revision: {
    propertyName: string;
    tasks: { title: string; note: string | null; rejectedPhotos: number }[];
    note: string | null;
    magicLink: string;
  },
  language: Language = 'en',
): MailMessage {
  const texts = TEXTS[language];
  const sentence = texts.sentence(revision.tasks.length, revision.propertyName);
  const rejected = (n: number) => (n ? texts.rejected(n) : '');
  return {
    to,
    subject: texts.subject(revision.propertyName),
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
        <Text>{sentence}</Text>
        <Items
          items={revision.tasks.map(
            (task) => `${task.title}${task.note ? `: ${task.note}` : ''}${rejected(task.rejectedPhotos)}`,
          )}
        />
        {revision.note && (
          <>
            <Text>{texts.note}</Text>
            <Quote text={revision.note} />
          </>
        )}
        <Text>{texts.open}</Text>
        <Button href={revision.magicLink}>{revision.magicLink}</Button>
      </MailLayout>,
    ),
  };
}
