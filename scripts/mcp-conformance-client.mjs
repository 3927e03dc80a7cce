// npm run mcp:conformance:client [-- <scenario> …]
// Builds apps/mcp-conformance-client (Sprout's MCP client as an application configures it) and runs
// the official MCP conformance suite's client scenarios against it, one at a time, printing PASS or
// FAIL per scenario (a scenario passes with no failed check and no warning) and the count.
// Exit code: 0 when every scenario run passes, 1 otherwise.
import { execFileSync, spawnSync } from 'node:child_process';
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

function runScenario(scenario) {
  const out = mkdtempSync(join(tmpdir(), 'sprout-mcp-conformance-'));
  try {
    const run = conformance(['client', '--command', `node ${client}`, '--scenario', scenario, '-o', out]);
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

process.stderr.write('Building apps/mcp-conformance-client …\n');
execFileSync('npx', ['tsc', '-b', 'apps/mcp-conformance-client'], { cwd: root, stdio: 'inherit' });

const wanted = process.argv.slice(2);
const scenarios = wanted.length > 0 ? wanted : clientScenarios();
let passed = 0;
for (const scenario of scenarios) {
  const result = runScenario(scenario);
  if (result.pass) passed++;
  process.stdout.write(`${result.pass ? 'PASS' : 'FAIL'} ${scenario}\n`);
  for (const problem of result.problems.slice(0, 3)) process.stdout.write(`     ${problem.slice(0, 300)}\n`);
}
process.stdout.write(`\n${passed}/${scenarios.length} MCP conformance client scenarios pass\n`);
process.exitCode = passed === scenarios.length ? 0 : 1;
