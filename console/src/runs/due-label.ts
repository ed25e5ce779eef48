/** '2 issues, 1 open' / '1 issue, resolved' / null (no issues). */
export function issueSummary(total: number, open: number): string | null {
  if (total === 0) return null;
  const issues = `${total} issue${total === 1 ? '' : 's'}`;
  if (open === 0) return `${issues}, ${total === 1 ? 'resolved' : 'all resolved'}`;
  return `${issues}, ${open} open`;
}
