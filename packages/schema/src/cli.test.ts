import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatToolSchemaManifest } from '@sprout-ai/core';
import { main, type CliOutput } from './cli';
import { generateToolSchemaManifest } from './generate-tool-schema-manifest';

const PACKAGE_DIR = path.join(__dirname, '..');
const VALID_PROJECT = path.join(__dirname, '__fixtures__', 'valid', 'tsconfig.json');
const INVALID_PROJECT = path.join(__dirname, '__fixtures__', 'invalid', 'tsconfig.json');
const TIMEOUT_MS = 180_000;

function capture(): CliOutput & { out: string; err: string } {
  const captured = {
    out: '',
    err: '',
    stdout: (text: string) => {
      captured.out += text;
    },
    stderr: (text: string) => {
      captured.err += text;
    },
  };
  return captured;
}

describe(main, () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sprout-schema-cli-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  describe('when asked for help', () => {
    it('should print the usage to stdout and exit 0', () => {
      const output = capture();
      expect(main(['--help'], output)).toBe(0);
      expect(output.out).toContain('Usage: sprout-schema --project <tsconfig.json> --out <file>');
      expect(output.err).toBe('');
    });
  });

  describe('when the arguments are wrong', () => {
    it('should exit 2 with one line naming the missing --out', () => {
      const output = capture();
      expect(main(['--project', VALID_PROJECT], output)).toBe(2);
      expect(output.err).toMatch(/^sprout-schema: missing --out <file> .*--help for usage\.\n$/);
    });

    it('should exit 2 with one line naming an unknown option', () => {
      const output = capture();
      expect(main(['--outt', 'x.json'], output)).toBe(2);
      expect(output.err).toMatch(/^sprout-schema: Unknown option '--outt'.*\n$/);
    });
  });

  describe('when generation fails', () => {
    it(
      'should exit 1 listing every problem of the project, one line each naming the file, class, method and parameter, and write nothing',
      () => {
        const output = capture();
        const out = path.join(dir, 'tool-schemas.json');
        expect(main(['--project', INVALID_PROJECT, '--out', out], output)).toBe(1);
        const [first, ...problems] = output.err.replace(/\n$/, '').split('\n');
        expect(first).toBe(
          `sprout-schema: ${problems.length} problems in @Tool methods; fix them all, then run sprout-schema again:`,
        );
        expect(problems.length).toBeGreaterThan(10);
        for (const line of problems) expect(line).toMatch(/^ {2}[a-z-]+\.ts: \w+(\.\w+(\([^)]+\))?)?: .+$/);
        expect(() => readFileSync(out)).toThrow();
      },
      TIMEOUT_MS,
    );
  });

  describe('when the manifest exists', () => {
    const tools = (parameter: string, body = "return '';") =>
      `import { Tool } from './tool';\nimport type { ForecastRequest } from '../shared/forecast-request';\n` +
      `export class WeatherTools {\n  @Tool()\n  forecast(${parameter}): string {\n    ${body}\n  }\n}\n`;
    const request = (fields: string) => `export interface ForecastRequest {\n  ${fields}\n}\n`;
    let out: string;
    const run = (...flags: string[]) => {
      const output = capture();
      const status = main(['--project', path.join(dir, 'tsconfig.json'), '--out', out, ...flags], output);
      return { status, err: output.err, manifest: JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown> };
    };
    const properties = (manifest: Record<string, unknown>) =>
      (
        JSON.parse(
          (manifest.tools as Record<string, { inputSchema: string }>)['WeatherTools.forecast'].inputSchema,
        ) as { properties: Record<string, unknown> }
      ).properties;
    const upToDate = /^sprout-schema: .+ is up to date \(1 tool from 1 class; inputs unchanged, \d+ ms\)\n$/;
    const written = /^sprout-schema: 1 tool from 1 class → .+ \(\d+ ms\)\n$/;

    beforeEach(() => {
      out = path.join(dir, 'dist', 'tool-schemas.json');
      writeFileSync(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { strict: true, experimentalDecorators: true }, include: ['src'] }),
      );
      mkdirSync(path.join(dir, 'src'));
      mkdirSync(path.join(dir, 'shared'));
      writeFileSync(
        path.join(dir, 'src', 'tool.ts'),
        'export function Tool(): MethodDecorator {\n  return () => undefined;\n}\n',
      );
      writeFileSync(path.join(dir, 'src', 'weather-tools.ts'), tools('city: string, request: ForecastRequest'));
      writeFileSync(path.join(dir, 'shared', 'forecast-request.ts'), request('days: number;'));
      expect(run().err).toMatch(written);
    }, TIMEOUT_MS);

    it('should record the type file outside the scanned sources', () => {
      expect(run('--force').manifest).toMatchObject({ typeFiles: ['shared/forecast-request.ts'] });
    });

    it('should keep it while the inputs are unchanged, also when only a method body changed', () => {
      const before = readFileSync(out, 'utf8');
      expect(run().err).toMatch(upToDate);
      writeFileSync(
        path.join(dir, 'src', 'weather-tools.ts'),
        tools('city: string, request: ForecastRequest', 'const c = 19;\n    return `${c}`;'),
      );
      expect(run().err).toMatch(upToDate);
      expect(readFileSync(out, 'utf8')).toBe(before);
    });

    it(
      'should regenerate it when a tool signature changed',
      () => {
        writeFileSync(path.join(dir, 'src', 'weather-tools.ts'), tools('city: number, request: ForecastRequest'));
        const result = run();
        expect(result.err).toMatch(written);
        expect(properties(result.manifest).city).toEqual({ type: 'number' });
      },
      TIMEOUT_MS,
    );

    it(
      'should regenerate it when an argument type declared outside the scanned sources changed',
      () => {
        writeFileSync(path.join(dir, 'shared', 'forecast-request.ts'), request('days: number;\n  hourly: boolean;'));
        const result = run();
        expect(result.err).toMatch(written);
        const schema = JSON.parse(
          (result.manifest.tools as Record<string, { inputSchema: string }>)['WeatherTools.forecast'].inputSchema,
        ) as { $defs: Record<string, { properties: object }> };
        expect(Object.keys(schema.$defs.ForecastRequest.properties)).toEqual(['days', 'hourly']);
      },
      TIMEOUT_MS,
    );

    it(
      'should regenerate it with --force, and refuse --force with --check',
      () => {
        expect(run('--force').err).toMatch(written);
        expect(run('--force', '--check').status).toBe(2);
      },
      TIMEOUT_MS,
    );

    it('should pass --check when only the inputHash differs', () => {
      const manifest = readFileSync(out, 'utf8');
      writeFileSync(out, manifest.replace(/"inputHash": "[0-9a-f]+"/, `"inputHash": "${'0'.repeat(64)}"`));
      const check = run('--check');
      expect(check.err).toMatch(/is up to date/);
      expect(check.status).toBe(0);
      expect(run().err).toMatch(written);
    });
  });

  describe('when run as the built sprout-schema bin', () => {
    beforeAll(() => {
      // the bin is dist/cli.js: build it the way `npm run build` does
      execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', PACKAGE_DIR], { stdio: 'pipe' });
    }, TIMEOUT_MS);

    it(
      'should write the manifest, print one summary line and pass --check until the file changes',
      () => {
        const out = path.join(dir, 'nested', 'tool-schemas.json');
        const run = (...args: string[]) =>
          spawnSync(process.execPath, [path.join(PACKAGE_DIR, 'dist', 'cli.js'), ...args], { encoding: 'utf8' });

        const written = run('--project', VALID_PROJECT, '--out', out);
        expect(written.stderr).toMatch(
          new RegExp(`^sprout-schema: 8 tools from 2 classes → ${escape(out)} \\(\\d+ ms\\)\\n$`),
        );
        expect(written.status).toBe(0);
        // The same manifest as the library generates, but for inputHash: that covers the generator's
        // own code, here the sources jest runs rather than the built files the bin runs.
        const { inputHash, ...generated } = JSON.parse(
          formatToolSchemaManifest(generateToolSchemaManifest({ project: VALID_PROJECT, manifestFile: out })),
        ) as Record<string, unknown>;
        expect(inputHash).toMatch(/^[0-9a-f]{64}$/);
        expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual({ ...generated, inputHash: expect.any(String) });

        const check = run('-p', VALID_PROJECT, '-o', out, '--check');
        expect(check.stderr).toMatch(/is up to date/);
        expect(check.status).toBe(0);

        writeFileSync(out, '{}\n');
        const stale = run('-p', VALID_PROJECT, '-o', out, '--check');
        expect(stale.stderr).toMatch(/is out of date with the sources .*run sprout-schema without --check/);
        expect(stale.status).toBe(1);
      },
      TIMEOUT_MS,
    );

    it('should start with a node shebang', () => {
      expect(readFileSync(path.join(PACKAGE_DIR, 'dist', 'cli.js'), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
    });
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
