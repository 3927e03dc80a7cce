// npm run mcp:conformance:client [-- --no-build] [-- --json] [-- --jobs N] [-- <scenario> …]
// Builds apps/mcp-conformance-client (Sprout's MCP client as an application configures it) and runs
// the official MCP conformance suite's client scenarios against it, one at a time, printing PASS or
// FAIL per scenario (a scenario passes with no failed check and no warning) and the count
// (`--json`: one JSON array of `{ scenario, passed, why }` instead).
// Exit code: 0 when every scenario run passes, 1 otherwise.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const suite = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const shim = join(root, 'scripts/mcp-conformance-fs-glob.mjs');
const client = join(root, 'apps/mcp-conformance-client/dist/main.js');

function conformance(args) {
  return spawnSync(process.execPath, ['--import', shim, suite, ...args], { cwd: root, encoding: 'utf8' });
}

/** Like {@link conformance}, without blocking: several scenarios run at once. */
function conformanceAsync(args) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', shim, suite, ...args],
      { cwd: root, maxBuffer: 64 << 20 },
      (_e, _o, stderr) => resolve({ stderr }),
    );
  });
}

/** The suite's client scenarios, from `conformance list`. */
function clientScenarios() {
  const listed = conformance(['list']);
  if (listed.status !== 0) throw new Error(`conformance list failed:\n${listed.stderr}`);
  const section = listed.stdout.split(/Client scenarios.*\n/)[1] ?? '';
  return [...section.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]);
}

function findChecks(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (entry === 'checks.json') return path;
    if (statSync(path).isDirectory()) {
      const found = findChecks(path);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

async function runScenario(scenario) {
  const out = mkdtempSync(join(tmpdir(), 'sprout-mcp-conformance-'));
  try {
    const run = await conformanceAsync(['client', '--command', `node ${client}`, '--scenario', scenario, '-o', out]);
    const checksFile = findChecks(out);
    if (checksFile === undefined)
      return { scenario, pass: false, problems: [`no result (${run.stderr.trim().split('\n').at(-1)})`] };
    const checks = JSON.parse(readFileSync(checksFile, 'utf8'));
    const problems = checks
      .filter((c) => c.status === 'FAILURE' || c.status === 'WARNING')
      .map((c) => `${c.status} ${c.id}: ${c.errorMessage ?? c.description}`);
    return { scenario, pass: checks.length > 0 && problems.length === 0, problems };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
const json = args.includes('--json');
if (!args.includes('--no-build')) {
  process.stderr.write('Building apps/mcp-conformance-client …\n');
  execFileSync('npx', ['tsc', '-b', 'apps/mcp-conformance-client'], { cwd: root, stdio: 'inherit' });
}

const wanted = args.filter((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--jobs');
const scenarios = wanted.length > 0 ? wanted : clientScenarios();
// Scenarios mostly wait (on timers, on the client's start-up): `--jobs` of them (4) run at once, each
// with its own suite process, mock server (on a free port) and client process. `sse-retry` measures
// when the client reconnects (a warning past 700 ms): it runs alone, after the others.
const jobsAt = args.indexOf('--jobs');
const jobs = jobsAt === -1 ? 4 : Number(args[jobsAt + 1]);
const timed = new Set(['sse-retry']);
const outcomes = new Map();
const queue = scenarios.filter((scenario) => !timed.has(scenario));
await Promise.all(
  Array.from({ length: jobs }, async () => {
    for (let scenario = queue.shift(); scenario !== undefined; scenario = queue.shift()) {
      outcomes.set(scenario, await runScenario(scenario));
    }
  }),
);
for (const scenario of scenarios.filter((s) => timed.has(s))) outcomes.set(scenario, await runScenario(scenario));
const results = [];
for (const scenario of scenarios) {
  const result = outcomes.get(scenario);
  results.push({ scenario, passed: result.pass, why: result.problems.join('; ') });
  if (json) continue;
  process.stdout.write(`${result.pass ? 'PASS' : 'FAIL'} ${scenario}\n`);
  for (const problem of result.problems.slice(0, 3)) process.stdout.write(`     ${problem.slice(0, 300)}\n`);
}
const passed = results.filter((r) => r.passed).length;
if (json) process.stdout.write(`${JSON.stringify(results)}\n`);
else process.stdout.write(`\n${passed}/${scenarios.length} MCP conformance client scenarios pass\n`);
process.exitCode = passed === scenarios.length ? 0 : 1;
