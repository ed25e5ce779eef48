// Bundles the workflow code once at image build (`WORKFLOW_BUNDLE_PATH` points the production worker
// at it), as Temporal's production sample does: workers then start without webpack.
import { writeFile } from 'node:fs/promises';
import { bundleTurnproofWorkflows } from './worker.ts';

const target = process.argv[2];
if (!target) throw new Error('Usage: bundle-main.ts <output file>');
const { code } = await bundleTurnproofWorkflows();
await writeFile(target, code);
console.log(`Workflow bundle written to ${target} (${Math.round(code.length / 1024)} KB).`);
