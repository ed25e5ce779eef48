/**
 * RFC 4180 CSV text for exports a spreadsheet opens: every cell quoted, CRLF line ends, and a cell a
 * spreadsheet would run as a formula (=, +, -, @ first) led by an apostrophe, so a name typed by anyone
 * stays text.
 */
export function csvText(rows: readonly (readonly (string | number | null)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A header row, then one line per row. */
export const toCsv = (header: readonly string[], rows: readonly (readonly (string | number | null)[])[]) =>
  csvText([header, ...rows]);

function csvCell(value: string | number | null): string {
  if (value === null) return '""';
  const text = typeof value === 'number' ? String(value) : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}
