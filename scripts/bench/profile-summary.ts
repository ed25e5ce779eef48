// Summarises a V8 .cpuprofile (from `node --cpu-prof`, e.g. BENCH_CPU_PROF=<dir> npm run bench -- runner-api):
// the top frames by self time and by total time, and self time by package or source file, as shares of the
// samples. Given the bench's profile directory it reads the newest .cpuprofile there and, when the bench
// left one, only the samples inside task-load.window.json (the task load, not start-up or the anchors).
//   npx tsx scripts/bench/profile-summary.ts <dir | file.cpuprofile> [top=25]
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface Window {
  from: number;
  to: number;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

async function profileAndWindow(target: string): Promise<{ file: string; window: Window | null }> {
  if (!(await stat(target)).isDirectory()) return { file: target, window: null };
  const files = (await readdir(target)).filter((name) => name.endsWith('.cpuprofile'));
  if (files.length === 0) throw new Error(`No .cpuprofile in ${target}`);
  const dated = await Promise.all(
    files.map(async (name) => ({ name, mtime: (await stat(path.join(target, name))).mtimeMs })),
  );
  const newest = dated.sort((a, b) => b.mtime - a.mtime)[0]!.name;
  const window = await readFile(path.join(target, 'task-load.window.json'), 'utf8').then(
    (text) => JSON.parse(text) as Window,
    () => null,
  );
  return { file: path.join(target, newest), window };
}

/** `name file:line`, the file relative to the repository or from its package on. */
function frameName({ functionName, url, lineNumber }: CallFrame): string {
  const where = url ? `${shortUrl(url)}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
}

function shortUrl(url: string): string {
  const file = url.replace(/^file:\/\//, '');
  const modules = file.lastIndexOf('node_modules/');
  if (modules >= 0) return file.slice(modules + 'node_modules/'.length);
  return file.startsWith(repoRoot) ? path.relative(repoRoot, file) : file;
}

/** The npm package, the repository's source file, `node:<builtin>` or the V8 pseudo-frame. */
function owner({ functionName, url }: CallFrame): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const short = shortUrl(url);
  if (url.includes('node_modules/')) {
    const parts = short.split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  return short;
}

function table(title: string, weights: Map<string, number>, total: number, top: number) {
  console.log(`\n${title}`);
  const rows = [...weights].sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [name, weight] of rows) {
    console.log(`${((weight / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
  }
}

const [target, topArg] = process.argv.slice(2);
if (!target) {
  console.error('Usage: tsx scripts/bench/profile-summary.ts <dir | file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const { file, window } = await profileAndWindow(target);
const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

// Each sample weighs the time until the next one, so a sparse stretch is not undercounted.
const self = new Map<string, number>();
const totalTime = new Map<string, number>();
const byOwner = new Map<string, number>();
let sampled = 0;
let idle = 0;
let time = profile.startTime;
profile.samples.forEach((id, i) => {
  time += profile.timeDeltas[i]!;
  const weight = profile.timeDeltas[i + 1] ?? 0;
  if (window && (time < window.from || time > window.to)) return;
  const leaf = byId.get(id)!;
  sampled += weight;
  if (leaf.callFrame.functionName === '(idle)') idle += weight;
  const leafName = frameName(leaf.callFrame);
  self.set(leafName, (self.get(leafName) ?? 0) + weight);
  byOwner.set(owner(leaf.callFrame), (byOwner.get(owner(leaf.callFrame)) ?? 0) + weight);
  const seen = new Set<string>();
  for (let node: number | undefined = id; node !== undefined; node = parentOf.get(node)) {
    const name = frameName(byId.get(node)!.callFrame);
    if (seen.has(name) || name === '(root)') continue;
    seen.add(name);
    totalTime.set(name, (totalTime.get(name) ?? 0) + weight);
  }
});

const busy = sampled - idle;
console.log(
  `${path.relative(process.cwd(), file)}${window ? ' (task-load window)' : ''}: ${(sampled / 1e6).toFixed(1)} s sampled, ` +
    `${((busy / sampled) * 100).toFixed(1)} % busy; shares below are of the busy time`,
);
self.delete('(idle)');
byOwner.delete('(idle)');
totalTime.delete('(idle)');
table('Self time, by frame', self, busy, top);
table('Total time (self and callees), by frame', totalTime, busy, top);
table('Self time, by package or source file', byOwner, busy, top);
