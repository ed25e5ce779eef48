/** The report's only stylesheet, inlined so the document needs nothing from the network. */
export const REPORT_CSS = `
@page { size: A4; }
:root {
  --accent: #0f766e;
  --accent-soft: #e6f4f1;
  --ink: #1f2933;
  --muted: #616e7c;
  --rule: #d9e2ec;
  --done: #15803d;
  --not-done: #b91c1c;
}
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body {
  margin: 0;
  color: var(--ink);
  font-family: 'Helvetica Neue', Helvetica, Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif;
  font-size: 10pt;
  line-height: 1.45;
}
h1, h2, h3 { margin: 0; line-height: 1.25; }
.report-header { border-top: 4pt solid var(--accent); padding-top: 10pt; margin-bottom: 14pt; }
.brand { color: var(--accent); font-size: 9pt; font-weight: 700; letter-spacing: 0.08em; text-transform: uppercase; }
.report-header h1 { font-size: 20pt; margin-top: 4pt; }
.address { color: var(--muted); margin: 2pt 0 8pt; }
.run-type {
  display: inline-block;
  background: var(--accent);
  color: #fff;
  border-radius: 3pt;
  padding: 2pt 8pt;
  font-size: 9pt;
  font-weight: 600;
}
.overview { display: flex; gap: 16pt; align-items: flex-start; margin-bottom: 16pt; }
.facts {
  flex: 1;
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 3pt 12pt;
  margin: 0;
}
.facts dt { color: var(--muted); }
.facts dd { margin: 0; font-weight: 600; }
.completion {
  width: 62mm;
  background: var(--accent-soft);
  border-radius: 4pt;
  padding: 8pt 10pt;
}
.completion-rate { font-size: 22pt; font-weight: 700; color: var(--accent); line-height: 1; }
.completion-text { margin-top: 4pt; }
.progress { height: 4pt; background: #fff; border-radius: 2pt; margin-top: 6pt; overflow: hidden; }
.progress span { display: block; height: 100%; background: var(--accent); }
section { margin-bottom: 16pt; }
section > h2 {
  font-size: 12pt;
  color: var(--accent);
  border-bottom: 1pt solid var(--rule);
  padding-bottom: 3pt;
  margin-bottom: 8pt;
}
.issues { list-style: none; margin: 0; padding: 0; }
.issue {
  break-inside: avoid;
  page-break-inside: avoid;
  border-left: 3pt solid var(--rule);
  padding: 4pt 8pt;
  margin-bottom: 6pt;
}
.issue.severity-high { border-left-color: #b91c1c; }
.issue.severity-medium { border-left-color: #d97706; }
.issue.severity-low { border-left-color: #64748b; }
.issue-heading { font-weight: 600; }
.severity { text-transform: uppercase; font-size: 8pt; letter-spacing: 0.05em; }
.severity-high .severity { color: #b91c1c; }
.severity-medium .severity { color: #b45309; }
.severity-low .severity { color: #475569; }
.issue-meta, .task-meta, figcaption { color: var(--muted); font-size: 8.5pt; }
.task {
  break-inside: avoid;
  page-break-inside: avoid;
  border: 1pt solid var(--rule);
  border-radius: 4pt;
  padding: 8pt 10pt;
  margin-bottom: 8pt;
}
.task-heading { display: flex; align-items: baseline; gap: 8pt; }
.task-number { color: var(--accent); font-weight: 700; min-width: 16pt; }
.task-heading h3 { flex: 1; font-size: 11pt; }
.status { font-weight: 600; white-space: nowrap; }
.status.done { color: var(--done); }
.status.not-done { color: var(--not-done); }
.task-body { margin-left: 24pt; }
.description, .comment { margin: 4pt 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.comment { background: #f5f7fa; border-radius: 3pt; padding: 4pt 6pt; }
.comment-label { font-weight: 600; }
.task-meta { margin: 4pt 0 0; }
.photos { display: grid; grid-template-columns: repeat(3, 1fr); gap: 6pt; margin-top: 6pt; }
figure { margin: 0; break-inside: avoid; page-break-inside: avoid; }
.photo-frame {
  aspect-ratio: 4 / 3;
  background: #f0f4f8;
  border-radius: 3pt;
  display: flex;
  align-items: center;
  justify-content: center;
  overflow: hidden;
}
.photo-frame img { max-width: 100%; max-height: 100%; object-fit: contain; }
.photo-missing { color: var(--muted); font-size: 8.5pt; padding: 8pt; text-align: center; }
figcaption { margin-top: 2pt; overflow-wrap: anywhere; }
.report-footer { border-top: 1pt solid var(--rule); padding-top: 6pt; color: var(--muted); font-size: 8.5pt; }
.pairs { display: grid; grid-template-columns: 1fr 1fr; gap: 6pt; margin-top: 6pt; }
.pair-heading { font-size: 8.5pt; font-weight: 600; color: var(--muted); text-transform: uppercase; }
.proof { break-inside: avoid; page-break-inside: avoid; }
.proof-body { display: flex; gap: 12pt; align-items: flex-start; }
.proof-qr { width: 120pt; height: 120pt; flex: none; }
.chain-head { font-size: 8pt; overflow-wrap: anywhere; }
.review-approved strong { color: var(--done); }
.review-revision_requested strong { color: var(--not-done); }
.supplies { width: 100%; border-collapse: collapse; break-inside: avoid; page-break-inside: avoid; }
.supplies th, .supplies td { text-align: left; padding: 3pt 6pt; border-bottom: 1px solid #e2e8f0; }
`;
