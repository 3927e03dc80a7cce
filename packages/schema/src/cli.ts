#!/usr/bin/env node
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatToolSchemaManifest } from '@sprout-ai/core';
import { generateToolSchemaManifest } from './generate-tool-schema-manifest';

const USAGE = `Usage: sprout-schema --project <tsconfig.json> --out <file> [--check]

Writes the JSON Schemas of every @Tool method's parameters to a manifest that
@sprout-ai/core reads at start-up (toolSchemaRegistry.loadFile(<file>)).

Options:
  -p, --project <file>  tsconfig.json of the sources to scan (default: tsconfig.json)
  -o, --out <file>      manifest file to write, e.g. dist/tool-schemas.json
      --check           do not write; exit 1 when <file> differs from the sources
  -h, --help            show this help
`;

/** Where the CLI writes; the real process streams unless a test passes its own. */
export interface CliOutput {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

const processOutput: CliOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/**
 * Runs `sprout-schema` with the given arguments: generates the tool schema manifest of a project
 * and writes it (or, with `--check`, compares it with the existing file), then prints one summary
 * line to stderr, e.g. `sprout-schema: 3 tools from 2 classes → dist/tool-schemas.json (412 ms)`.
 *
 * @param args - the command-line arguments without `node` and the script, e.g. `['--project', 'tsconfig.json', '--out', 'dist/tool-schemas.json']`
 * @param output - where to print (the process's stdout and stderr by default)
 * @returns the exit code: 0 on success, 1 when generation failed or `--check` found a stale file, 2 on a usage error
 */
export function main(args: readonly string[], output: CliOutput = processOutput): number {
  const started = Date.now();
  let values: { project?: string; out?: string; check?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        project: { type: 'string', short: 'p' },
        out: { type: 'string', short: 'o' },
        check: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    output.stderr(`sprout-schema: ${(error as Error).message}. Run sprout-schema --help for usage.\n`);
    return 2;
  }
  if (values.help === true) {
    output.stdout(USAGE);
    return 0;
  }
  if (values.out === undefined) {
    output.stderr(
      'sprout-schema: missing --out <file> (where to write the manifest, e.g. dist/tool-schemas.json). Run sprout-schema --help for usage.\n',
    );
    return 2;
  }
  const out = values.out;
  try {
    const manifest = generateToolSchemaManifest({ project: values.project ?? 'tsconfig.json', manifestFile: out });
    const text = formatToolSchemaManifest(manifest);
    const tools = Object.values(manifest.tools);
    const classes = new Set(tools.map((tool) => `${tool.sourceFile}#${tool.className}`)).size;
    const summary = `${plural(tools.length, 'tool')} from ${plural(classes, 'class', 'classes')}`;
    if (values.check === true) {
      if (readIfExists(out) !== text) {
        output.stderr(
          `sprout-schema: ${out} is out of date with the sources (${summary}); run sprout-schema without --check to regenerate it.\n`,
        );
        return 1;
      }
      output.stderr(`sprout-schema: ${out} is up to date (${summary}, ${Date.now() - started} ms)\n`);
      return 0;
    }
    mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    writeFileSync(out, text);
    output.stderr(`sprout-schema: ${summary} → ${out} (${Date.now() - started} ms)\n`);
    return 0;
  } catch (error) {
    output.stderr(`sprout-schema: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

if (require.main === module) {
  process.exitCode = main(process.argv.slice(2));
}
