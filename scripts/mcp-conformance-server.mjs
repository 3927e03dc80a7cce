// `npm run mcp:conformance:server [-- --no-build] [-- --scenario NAME] [-- --json]`: builds and starts
// apps/mcp-conformance-server on 127.0.0.1, runs the official MCP conformance suite's server
// scenarios (`--suite all`) against its URL, and prints pass/fail per scenario (`--json`: one JSON
// array of `{ scenario, passed, why }` instead). A scenario passes when none of its checks fails or
// warns and at least one succeeds. Exit code 1 when any scenario fails.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const app = join(root, 'apps', 'mcp-conformance-server');
const suiteCli = join(root, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const fsGlobShim = join(root, 'scripts', 'mcp-conformance-fs-glob.mjs');
const ssePollingFix = join(root, 'scripts', 'mcp-conformance-sse-polling-fix.mjs');
const args = process.argv.slice(2);
const scenarioAt = args.indexOf('--scenario');

if (!args.includes('--no-build')) {
  execFileSync('npx', ['tsc', '-b', app], { cwd: root, stdio: 'inherit' });
  execFileSync('npm', ['run', 'schema', '--silent', '-w', 'apps/mcp-conformance-server'], {
    cwd: root,
    stdio: 'inherit',
  });
}

const server = spawn(process.execPath, [join(app, 'dist', 'main.js')], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve, reject) => {
  server.once('exit', (code) => reject(new Error(`the conformance server exited (${code}) before listening`)));
  createInterface({ input: server.stdout }).on('line', (line) => {
    const match = /^listening on (\S+)$/.exec(line);
    if (match) resolve(match[1]);
  });
});

const outDir = mkdtempSync(join(tmpdir(), 'sprout-mcp-conformance-'));
try {
  const selection = scenarioAt === -1 ? ['--suite', 'all'] : ['--scenario', args[scenarioAt + 1]];
  const suite = spawn(
    process.execPath,
    ['--import', fsGlobShim, '--import', ssePollingFix, suiteCli, 'server', '--url', url, ...selection, '-o', outDir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  suite.stdout.on('data', (chunk) => (log += chunk));
  suite.stderr.on('data', (chunk) => (log += chunk));
  await new Promise((resolve) => suite.once('exit', resolve));
  if (args.includes('--verbose')) process.stdout.write(log);

  const results = readdirSync(outDir)
    .map((dir) => {
      const scenario = /^server-(.+)-\d{4}-\d\d-\d\dT.*$/.exec(dir)?.[1] ?? dir;
      const checks = JSON.parse(readFileSync(join(outDir, dir, 'checks.json'), 'utf8'));
      const problems = checks.filter((check) => check.status === 'FAILURE' || check.status === 'WARNING');
      const passed = problems.length === 0 && checks.some((check) => check.status === 'SUCCESS');
      const why =
        problems.map((check) => `${check.status} ${check.errorMessage ?? check.description}`).join('; ') ||
        (passed ? '' : 'no check succeeded');
      return { scenario, passed, why };
    })
    .sort((a, b) => a.scenario.localeCompare(b.scenario));
  if (results.length === 0) {
    process.stdout.write(log);
    throw new Error('the conformance suite wrote no results');
  }
  const passCount = results.filter((r) => r.passed).length;
  process.exitCode = passCount === results.length ? 0 : 1;
  if (args.includes('--json')) {
    process.stdout.write(`${JSON.stringify(results)}\n`);
  } else {
    for (const { scenario, passed, why } of results) {
      process.stdout.write(`${passed ? 'PASS' : 'FAIL'} ${scenario}${passed ? '' : ` — ${why.slice(0, 200)}`}\n`);
    }
    process.stdout.write(`\nMCP server conformance: ${passCount} of ${results.length} scenarios pass\n`);
  }
} finally {
  server.kill();
  rmSync(outDir, { recursive: true, force: true });
}
