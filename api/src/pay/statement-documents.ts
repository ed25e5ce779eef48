import { formatDateTime, formatCalendarDate } from '@turnproof/config/time-format';
import { html } from '@turnproof/platform/html';
import { csvText } from '../http/csv.ts';
import type { StatementRecord } from './pay-statements.ts';
import { decimalHours } from './timesheet.ts';

/** '12.50': amounts in CSV cells, which a spreadsheet sums. */
const decimalMoney = (cents: number) => (cents / 100).toFixed(2);
/** '$12.50': amounts people read. */
const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);

const period = (statement: StatementRecord) =>
  `${formatCalendarDate(statement.from)} – ${formatCalendarDate(statement.to)}`;

/** The statement as CSV: one line per run, then the total. */
export function statementCsv(statement: StatementRecord): string {
  return csvText([
    ['Cleaner', 'Property', 'Run', 'Completed', 'Hours', 'Rate per run', 'Rate per hour', 'Amount', 'Currency'],
    ...statement.lines.map((line) => [
      statement.cleaner,
      line.property,
      line.run_name,
      formatDateTime(line.completed_at, line.timezone),
      decimalHours(line.work_seconds),
      decimalMoney(line.per_run_cents),
      decimalMoney(line.per_hour_cents),
      decimalMoney(line.amount_cents),
      statement.currency,
    ]),
    ['Total', '', '', '', '', '', '', decimalMoney(statement.total_cents), statement.currency],
  ]);
}

/**
 * A self-contained page the worker prints as the statement's PDF (no external files); the sending time
 * is read in the owner's zone, the runs' times in their properties'.
 */
export function statementHtml(statement: StatementRecord, owner: { name: string; timeZone: string }): string {
  const amount = (cents: number) => money(cents, statement.currency);
  const rows = statement.lines.map(
    (line) =>
      html`<tr>
        <td>${line.property}</td>
        <td>${line.run_name}</td>
        <td>${formatDateTime(line.completed_at, line.timezone)}</td>
        <td class="n">${decimalHours(line.work_seconds)}</td>
        <td class="n">${amount(line.per_run_cents)} + ${amount(line.per_hour_cents)}/h</td>
        <td class="n">${amount(line.amount_cents)}</td>
      </tr>`,
  );
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <title>Pay statement – ${statement.cleaner}</title>
        <style>
          body {
            font:
              11pt/1.4 system-ui,
              sans-serif;
            color: #111;
            margin: 24px;
          }
          h1 {
            font-size: 18pt;
            margin: 0 0 4px;
          }
          p {
            margin: 2px 0;
          }
          table {
            width: 100%;
            border-collapse: collapse;
            margin-top: 16px;
          }
          th,
          td {
            text-align: left;
            padding: 6px 4px;
            border-bottom: 1px solid #ddd;
            vertical-align: top;
          }
          .n {
            text-align: right;
            white-space: nowrap;
          }
          tfoot td {
            font-weight: 700;
            border-bottom: none;
          }
        </style>
      </head>
      <body>
        <h1>Pay statement</h1>
        <p>${owner.name} · ${statement.cleaner}</p>
        <p>Period: ${period(statement)}</p>
        <p>${statement.sent_at ? `Sent ${formatDateTime(statement.sent_at, owner.timeZone)}` : 'Draft (not sent)'}</p>
        <table>
          <thead>
            <tr>
              <th>Property</th>
              <th>Run</th>
              <th>Completed</th>
              <th class="n">Hours</th>
              <th class="n">Rate</th>
              <th class="n">Amount</th>
            </tr>
          </thead>
          <tbody>
            ${rows}
          </tbody>
          <tfoot>
            <tr>
              <td colspan="5">Total (${statement.lines.length} runs)</td>
              <td class="n">${amount(statement.total_cents)}</td>
            </tr>
          </tfoot>
        </table>
      </body>
    </html>`.markup;
}
