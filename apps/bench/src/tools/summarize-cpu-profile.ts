import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The parts of a V8 `.cpuprofile` (written by `node --cpu-prof`) that the summary reads. */
interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: {
      readonly functionName: string;
      readonly url: string;
      readonly lineNumber: number;
    };
    readonly children?: readonly number[];
  }[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** Self time of one function (all its profile nodes together). */
export interface SelfTimeEntry {
  /** `functionName (file:line)`, with the path shortened to the package or workspace file. */
  readonly location: string;
  /** Where it lives: a package name (`ai`, `@langchain/core` …), `sprout:<package>`, or `node`. */
  readonly owner: string;
  readonly selfMs: number;
  /** Share of all sampled time, 0–100. */
  readonly percent: number;
}

/**
 * Sums the self time of every function in a `.cpuprofile` and returns the top entries, plus the
 * self time per owner (package).
 *
 * @param file - path of the `.cpuprofile`
 * @param top - how many functions to return
 */
export function summarizeCpuProfile(
  file: string,
  top = 25,
): { functions: SelfTimeEntry[]; owners: SelfTimeEntry[]; totalMs: number } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);

  const functions = new Map<string, { owner: string; us: number }>();
  const owners = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const owner = ownerOf(frame.url, frame.functionName);
    const location = `${frame.functionName || '(anonymous)'} (${shorten(frame.url)}:${frame.lineNumber + 1})`;
    const entry = functions.get(location) ?? { owner, us: 0 };
    entry.us += us;
    functions.set(location, entry);
    owners.set(owner, (owners.get(owner) ?? 0) + us);
  }
  const toEntry = (location: string, owner: string, us: number): SelfTimeEntry => ({
    location,
    owner,
    selfMs: us / 1e3,
    percent: (100 * us) / totalUs,
  });
  return {
    functions: [...functions.entries()]
      .map(([location, { owner, us }]) => toEntry(location, owner, us))
      .sort((a, b) => b.selfMs - a.selfMs)
      .slice(0, top),
    owners: [...owners.entries()].map(([owner, us]) => toEntry(owner, owner, us)).sort((a, b) => b.selfMs - a.selfMs),
    totalMs: totalUs / 1e3,
  };
}

function ownerOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node';
  const inModules = url.split('/node_modules/').pop() ?? url;
  if (inModules !== url) {
    const parts = inModules.split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const workspace = /\/(packages|apps)\/([^/]+)\//.exec(url);
  return workspace ? `sprout:${workspace[2]}` : 'other';
}

function shorten(url: string): string {
  const inModules = url.split('/node_modules/').pop() ?? url;
  if (inModules !== url) return inModules;
  const workspace = /\/((packages|apps)\/.*)$/.exec(url);
  return workspace ? workspace[1] : path.basename(url) || url;
}

// CLI: node apps/bench/dist/tools/summarize-cpu-profile.js <file.cpuprofile> [top]
if (require.main === module) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    process.stderr.write('Usage: node apps/bench/dist/tools/summarize-cpu-profile.js <file.cpuprofile> [top=25]\n');
    process.exit(2);
  }
  const summary = summarizeCpuProfile(file, top ? Number(top) : 25);
  process.stdout.write(`Total sampled ${summary.totalMs.toFixed(0)} ms\n\nSelf time by owner:\n`);
  for (const o of summary.owners.slice(0, 15)) {
    process.stdout.write(`${o.percent.toFixed(1).padStart(6)}%  ${o.selfMs.toFixed(0).padStart(7)} ms  ${o.owner}\n`);
  }
  process.stdout.write('\nTop self time by function:\n');
  for (const f of summary.functions) {
    process.stdout.write(
      `${f.percent.toFixed(1).padStart(6)}%  ${f.selfMs.toFixed(0).padStart(7)} ms  ${f.location}\n`,
    );
  }
}
