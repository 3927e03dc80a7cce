import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

// The official MCP conformance suite (@modelcontextprotocol/conformance 0.1.16, a local
// devDependency: offline) against both conformance apps, through the scripts behind
// `npm run mcp:conformance:*` (built by `npm test` first). Each scenario must pass, except the
// known failures listed below with their reason; a listed one that passes fails the test too, so
// the list stays true. The client scenarios take about a minute (one suite process each).

/** Scenario → why it fails today. */
const KNOWN_SERVER_FAILURES: Readonly<Record<string, string>> = {};
const KNOWN_CLIENT_FAILURES: Readonly<Record<string, string>> = {};
/** How many scenarios suite 0.1.16 has: a run that silently skips some fails. */
const SERVER_SCENARIOS = 32;
const CLIENT_SCENARIOS = 26;

const ROOT = join(__dirname, '..', '..', '..');

interface ScenarioResult {
  readonly scenario: string;
  readonly passed: boolean;
  readonly why: string;
}

/** Runs `scripts/<script> --no-build --json` and returns its results. */
function runSuite(script: string): Promise<ScenarioResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', script), '--no-build', '--json'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('exit', () => {
      const last = out.trim().split('\n').at(-1) ?? '';
      try {
        resolve(JSON.parse(last) as ScenarioResult[]);
      } catch {
        reject(new Error(`${script} printed no results:\n${out}\n${err}`));
      }
    });
  });
}

/** What differs from "every scenario passes except the known failures", as readable lines. */
function surprises(results: readonly ScenarioResult[], known: Readonly<Record<string, string>>): string[] {
  const names = results.map((r) => r.scenario);
  return [
    ...results
      .filter((r) => !r.passed && known[r.scenario] === undefined)
      .map((r) => `FAILS: ${r.scenario} — ${r.why.slice(0, 300)}`),
    ...results
      .filter((r) => r.passed && known[r.scenario] !== undefined)
      .map((r) => `NOW PASSES (remove it from the known failures): ${r.scenario}`),
    ...Object.keys(known)
      .filter((name) => !names.includes(name))
      .map((name) => `NOT RUN (a known failure the suite no longer has): ${name}`),
  ];
}

function requireBuilt(path: string): void {
  if (!existsSync(join(ROOT, path)))
    throw new Error(`${path} is missing: run \`npm run build\` first (npm test does).`);
}

describe('the official MCP conformance suite', () => {
  it(
    'should pass every server scenario against apps/mcp-conformance-server',
    async () => {
      requireBuilt('apps/mcp-conformance-server/dist/tool-schemas.json');

      const results = await runSuite('mcp-conformance-server.mjs');

      expect(surprises(results, KNOWN_SERVER_FAILURES)).toEqual([]);
      expect(results).toHaveLength(SERVER_SCENARIOS);
    },
    5 * 60_000,
  );

  it(
    'should pass every client scenario with apps/mcp-conformance-client, but the known failures',
    async () => {
      requireBuilt('apps/mcp-conformance-client/dist/main.js');

      const results = await runSuite('mcp-conformance-client.mjs');

      expect(surprises(results, KNOWN_CLIENT_FAILURES)).toEqual([]);
      expect(results).toHaveLength(CLIENT_SCENARIOS);
    },
    15 * 60_000,
  );
});
