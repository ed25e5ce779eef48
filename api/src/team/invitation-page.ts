import { html, type SafeHtml } from '@turnproof/platform/html';
import { standalonePage } from '../http/standalone-page.ts';

/**
 * The pages a team member sees around an invitation, all meant for cleaners (never a host's sign-in
 * form): the link's page with its Accept button, the welcome once accepted (what Turnproof is and their
 * schedule link), and what a spent or expired link says. In the browser's language (en, es, fr).
 */

export const PAGE_LANGUAGES = ['en', 'es', 'fr'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

const TEXTS = {
  en: {
    joinTitle: 'Join the team on Turnproof',
    joinText: "You were invited to a host's team on Turnproof. Accept to receive your assignments.",
    accept: 'Accept the invitation',
    welcomeTitle: (owner: string) => `You joined ${owner}'s team`,
    whatTitle: 'What Turnproof is',
    whatText: (owner: string) =>
      `${owner} sends you each turnover as a checklist link. Open it on your phone, tick the tasks and take the photos it asks for; ${owner} gets a dated report. No app to install and no account or password needed.`,
    scheduleTitle: 'Your schedule',
    scheduleText:
      'Your jobs, with the address, door code and checklist of each, are on your own schedule page. Bookmark it and keep it to yourself: it works like a key.',
    openSchedule: 'Open my schedule',
    mailNote: 'New jobs also reach you by e-mail.',
    problemTitle: 'This invitation cannot be used',
  },
  es: {
    joinTitle: 'Únete al equipo en Turnproof',
    joinText: 'Un anfitrión te invitó a su equipo en Turnproof. Acepta para recibir tus trabajos.',
    accept: 'Aceptar la invitación',
    welcomeTitle: (owner: string) => `Te uniste al equipo de ${owner}`,
    whatTitle: 'Qué es Turnproof',
    whatText: (owner: string) =>
      `${owner} te envía cada limpieza como un enlace a una lista de tareas. Ábrelo en tu teléfono, marca las tareas y toma las fotos que pide; ${owner} recibe un informe con fecha. No hay que instalar nada ni crear una cuenta o contraseña.`,
    scheduleTitle: 'Tu agenda',
    scheduleText:
      'Tus trabajos, con la dirección, el código de la puerta y la lista de cada uno, están en tu página de agenda. Guárdala en favoritos y no la compartas: funciona como una llave.',
    openSchedule: 'Abrir mi agenda',
    mailNote: 'Los trabajos nuevos también te llegan por correo.',
    problemTitle: 'Esta invitación no se puede usar',
  },
  fr: {
    joinTitle: "Rejoindre l'équipe sur Turnproof",
    joinText: 'Un hôte vous a invité dans son équipe sur Turnproof. Acceptez pour recevoir vos missions.',
    accept: "Accepter l'invitation",
    welcomeTitle: (owner: string) => `Vous avez rejoint l'équipe de ${owner}`,
    whatTitle: "Qu'est-ce que Turnproof",
    whatText: (owner: string) =>
      `${owner} vous envoie chaque ménage sous forme de lien vers une liste de tâches. Ouvrez-le sur votre téléphone, cochez les tâches et prenez les photos demandées ; ${owner} reçoit un rapport daté. Aucune application à installer, ni compte ni mot de passe.`,
    scheduleTitle: 'Votre planning',
    scheduleText:
      "Vos missions, avec l'adresse, le code d'accès et la liste de chacune, sont sur votre page de planning. Ajoutez-la à vos favoris et gardez-la pour vous : elle fonctionne comme une clé.",
    openSchedule: 'Ouvrir mon planning',
    mailNote: 'Les nouvelles missions vous arrivent aussi par e-mail.',
    problemTitle: 'Cette invitation ne peut pas être utilisée',
  },
} satisfies Record<PageLanguage, unknown>;

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; color: #1f2937; background: #f8fafc; margin: 0; }
  header { background: #0f766e; color: #fff; padding: 14px 20px; font-weight: 700; font-size: 18px; }
  main { max-width: 520px; margin: 0 auto; padding: 24px 20px 40px; }
  h1 { font-size: 24px; line-height: 1.25; margin: 0 0 16px; }
  h2 { font-size: 18px; margin: 24px 0 6px; }
  p { margin: 0 0 12px; }
  .button { display: inline-block; font: inherit; font-weight: 600; color: #fff; background: #0f766e; border: 0;
    border-radius: 8px; padding: 12px 20px; min-height: 44px; box-sizing: border-box; cursor: pointer;
    text-decoration: none; }
  .link { word-break: break-all; font-size: 14px; color: #475569; }
  .note { color: #475569; }
`;

const page = (language: PageLanguage, title: string, body: SafeHtml) =>
  standalonePage({
    language,
    title: `${title} – Turnproof`,
    style: STYLE,
    body: html`<header>Turnproof</header>
      <main>${body}</main>`,
  });

/**
 * What the invitation link opens: a button that accepts. Opening the link changes nothing (mail
 * scanners open links too); only pressing the button, a POST that spends the link, joins the team.
 */
export function invitationPage(token: string, language: PageLanguage): string {
  const t = TEXTS[language];
  return page(
    language,
    t.joinTitle,
    html`<h1>${t.joinTitle}</h1>
      <p>${t.joinText}</p>
      <form method="post" action="/api/team/invitations/accept">
        <input type="hidden" name="token" value="${token}" />
        <button class="button" type="submit">${t.accept}</button>
      </form>`,
  );
}

/** After accepting: what Turnproof is for a cleaner, and their personal schedule link. */
export function welcomePage(input: { ownerName: string; scheduleLink: string }, language: PageLanguage): string {
  const t = TEXTS[language];
  return page(
    language,
    t.welcomeTitle(input.ownerName),
    html`<h1>${t.welcomeTitle(input.ownerName)}</h1>
      <h2>${t.whatTitle}</h2>
      <p>${t.whatText(input.ownerName)}</p>
      <h2>${t.scheduleTitle}</h2>
      <p>${t.scheduleText}</p>
      <p><a class="button" href="${input.scheduleLink}">${t.openSchedule}</a></p>
      <p class="link">${input.scheduleLink}</p>
      <p class="note">${t.mailNote}</p>`,
  );
}

/** A spent, expired or unknown link: the API's sentence on a page, not a sign-in form or raw JSON. */
export function invitationProblemPage(message: string, language: PageLanguage): string {
  const t = TEXTS[language];
  return page(
    language,
    t.problemTitle,
    html`<h1>${t.problemTitle}</h1>
      <p>${message}</p>`,
  );
}
