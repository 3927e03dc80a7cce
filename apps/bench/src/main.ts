import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BenchContext, BenchOptions, CaseResult } from './bench-case';
import { discoverCases } from './discover-cases';
import { runInChild } from './support/child-task';
import { formatMarkdownTable, formatTable } from './support/format-table';
import { machineInfo } from './support/machine-info';

const USAGE = `Usage: npm run bench -- [options]   (or: node --expose-gc apps/bench/dist/main.js [options])

Runs every benchmark case (apps/bench/src/cases/*) and prints one table per case.

Options:
  --case <ids>        run only these cases (comma-separated ids, e.g. p1-loop-overhead); the other
                      cases' results already in the results file are kept
  --contender <ids>   run only these contenders (e.g. hand,sprout)
  --quick             short budgets, to smoke-test the harness (noisy numbers)
  --out <file>        where to write the results (default: bench/results.json at the repo root)
  --markdown          also print the tables as Markdown (for the README)
  --profile <dir>     run the measuring child processes under --cpu-prof, profiles into <dir>
                      (summarise one with node apps/bench/dist/tools/summarize-cpu-profile.js <file>)
  --list              list the cases and exit
  --help              show this help`;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        case: { type: 'string' },
        contender: { type: 'string' },
        quick: { type: 'boolean', default: false },
        out: { type: 'string' },
        markdown: { type: 'boolean', default: false },
        profile: { type: 'string' },
        list: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    process.stderr.write(`bench: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const cases = await discoverCases();
  if (values.list) {
    for (const benchCase of cases) process.stdout.write(`${benchCase.id.padEnd(24)} ${benchCase.title}\n`);
    return 0;
  }
  const wanted = splitList(values.case);
  const unknown = wanted?.filter((id) => !cases.some((c) => c.id === id)) ?? [];
  if (unknown.length > 0) {
    process.stderr.write(
      `bench: unknown case ${unknown.map((id) => `'${id}'`).join(', ')}; known: ${cases.map((c) => c.id).join(', ')}\n`,
    );
    return 2;
  }
  const selected = wanted ? cases.filter((c) => wanted.includes(c.id)) : cases;

  const profileDir = values.profile === undefined ? undefined : path.resolve(values.profile);
  const options: BenchOptions = { quick: values.quick, contenders: splitList(values.contender), profileDir };
  let childRuns = 0;
  const context: BenchContext = {
    options,
    includes: (contender) =>
      options.contenders === undefined || options.contenders.some((c) => c.toLowerCase() === contender.toLowerCase()),
    log: (message) => process.stderr.write(`bench: ${message}\n`),
    runInChild: (label, modulePath, exportName, args) =>
      runInChild(
        modulePath,
        exportName,
        args,
        profileDir === undefined
          ? []
          : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${label}-${++childRuns}.cpuprofile`],
      ),
  };
  if (typeof (globalThis as { gc?: unknown }).gc !== 'function') {
    context.log('run node with --expose-gc for a full GC between contenders (npm run bench does)');
  }

  const started = new Date();
  const machine = machineInfo(started);
  process.stdout.write(
    `Sprout AI bench — ${machine.date}\n${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, ` +
      `${machine.platform}, Node ${machine.node}, load average ${machine.loadAverage1m}\n` +
      `${Object.entries(machine.packages)
        .map(([name, version]) => `${name} ${version}`)
        .join(', ')}\n\n`,
  );

  const results: Record<
    string,
    CaseResult & { readonly title: string; readonly seconds: number; readonly measuredAt: string }
  > = {};
  for (const benchCase of selected) {
    context.log(`${benchCase.id}: ${benchCase.title}`);
    const start = process.hrtime.bigint();
    const result = await benchCase.run(context);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    results[benchCase.id] = { title: benchCase.title, seconds, measuredAt: new Date().toISOString(), ...result };
    for (const table of result.tables) process.stdout.write(`${formatTable(table)}\n\n`);
    if (values.markdown) {
      for (const table of result.tables) process.stdout.write(`${formatMarkdownTable(table)}\n\n`);
    }
    context.log(`${benchCase.id} took ${seconds.toFixed(1)} s`);
  }

  const targets = Object.values(results).flatMap((result) => result.targets ?? []);
  if (targets.length > 0) {
    const table = {
      title: 'Targets',
      columns: ['target', 'wanted', 'measured', 'result'],
      rows: targets.map((t) => ({
        target: t.name,
        wanted: t.target,
        measured: t.actual,
        result: t.met ? 'met' : 'MISSED',
      })),
    };
    process.stdout.write(`${formatTable(table)}\n\n`);
    if (values.markdown) process.stdout.write(`${formatMarkdownTable(table)}\n\n`);
  }

  const totalSeconds = (Date.now() - started.getTime()) / 1000;
  const out = path.resolve(values.out ?? path.join(__dirname, '..', '..', '..', 'bench', 'results.json'));
  mkdirSync(path.dirname(out), { recursive: true });
  // A run of some cases (--case) keeps the other cases' results in the file; each case says when it ran.
  const kept = wanted === undefined ? {} : earlierCases(out, Object.keys(results));
  writeFileSync(
    out,
    `${JSON.stringify({ machine, options, totalSeconds, cases: { ...kept, ...results } }, null, 2)}\n`,
  );
  const keptNote = Object.keys(kept).length === 0 ? '' : ` (kept from earlier runs: ${Object.keys(kept).join(', ')})`;
  process.stdout.write(
    `Total ${totalSeconds.toFixed(1)} s. Results written to ${path.relative(process.cwd(), out)}${keptNote}\n`,
  );
  return 0;
}

/** The cases of an earlier results file other than `replaced`; none when there is no readable file. */
function earlierCases(file: string, replaced: readonly string[]): Record<string, unknown> {
  let cases: unknown;
  try {
    cases = (JSON.parse(readFileSync(file, 'utf8')) as { cases?: unknown }).cases;
  } catch {
    return {};
  }
  if (typeof cases !== 'object' || cases === null) return {};
  return Object.fromEntries(Object.entries(cases).filter(([id]) => !replaced.includes(id)));
}

function splitList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
