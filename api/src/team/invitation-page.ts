import { html } from '@turnproof/activities/html';

/**
 * What the invitation link opens: a button that accepts. Opening the link changes nothing (mail
 * scanners open links too); only pressing the button, a POST that spends the link, joins the team.
 */
export function invitationPage(token: string): string {
  return `<!doctype html>\n${
    html`<html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Join the team – Turnproof</title>
        <style>
          body {
            font:
              16px/1.5 system-ui,
              sans-serif;
            color: #1f2937;
            max-width: 480px;
            margin: 0 auto;
            padding: 32px 20px;
          }
          button {
            font: inherit;
            font-weight: 600;
            color: #fff;
            background: #0f766e;
            border: 0;
            border-radius: 8px;
            padding: 12px 20px;
            min-height: 44px;
            cursor: pointer;
          }
        </style>
      </head>
      <body>
        <main>
          <h1>Join the team on Turnproof</h1>
          <p>You were invited to a host's team on Turnproof. Accept to receive your assignments.</p>
          <form method="post" action="/api/team/invitations/accept">
            <input type="hidden" name="token" value="${token}" />
            <button type="submit">Accept the invitation</button>
          </form>
        </main>
      </body>
    </html>`.markup
  }\n`;
}
