#!/usr/bin/env node
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { formatToolSchemaManifest, type SerializedToolSchemaManifest } from '@sprout-ai/core';
import { generateToolSchemaManifest } from './generate-tool-schema-manifest';
import { toolSchemaInputHash } from './tool-schema-input-hash';
import { manifestProjectPath, readToolSchemaProject } from './tool-schema-project';

const USAGE = `Usage: sprout-schema --project <tsconfig.json> --out <file> [--check | --force]

Writes the JSON Schemas of every @Tool method's parameters (and of every
exported class with @ToolParam properties, an augmentation argument type) to a
manifest that @sprout-ai/core reads at start-up (toolSchemaRegistry.loadFile(<file>)). Skips
the work when <file> was generated from the same inputs (its inputHash: the
generator, compiler options and the declarations of the scanned files; method
bodies do not count).

Options:
  -p, --project <file>  tsconfig.json of the sources to scan (default: tsconfig.json)
  -o, --out <file>      manifest file to write, e.g. dist/tool-schemas.json
      --check           do not write; exit 1 when <file> differs from the sources
      --force           regenerate even when the inputs did not change
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
 * Without `--check` or `--force`, an existing manifest whose `inputHash` matches the project's
 * inputs is kept as it is (`… is up to date (inputs unchanged, 40 ms)`).
 *
 * @param args - the command-line arguments without `node` and the script, e.g. `['--project', 'tsconfig.json', '--out', 'dist/tool-schemas.json']`
 * @param output - where to print (the process's stdout and stderr by default)
 * @returns the exit code: 0 on success, 1 when generation failed or `--check` found a stale file, 2 on a usage error
 */
export function main(args: readonly string[], output: CliOutput = processOutput): number {
  const started = Date.now();
  let values: { project?: string; out?: string; check?: boolean; force?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        project: { type: 'string', short: 'p' },
        out: { type: 'string', short: 'o' },
        check: { type: 'boolean' },
        force: { type: 'boolean' },
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
  if (values.check === true && values.force === true) {
    output.stderr('sprout-schema: --check and --force exclude each other. Run sprout-schema --help for usage.\n');
    return 2;
  }
  const out = values.out;
  const projectFile = values.project ?? 'tsconfig.json';
  try {
    if (values.check !== true && values.force !== true) {
      const unchanged = unchangedSummary(projectFile, out);
      if (unchanged !== undefined) {
        output.stderr(
          `sprout-schema: ${out} is up to date (${unchanged}; inputs unchanged, ${Date.now() - started} ms)\n`,
        );
        return 0;
      }
    }
    const manifest = generateToolSchemaManifest({ project: projectFile, manifestFile: out });
    const text = formatToolSchemaManifest(manifest);
    const summary = toolsSummary(manifest.tools);
    if (values.check === true) {
      if (!sameManifest(readIfExists(out), text)) {
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

/**
 * The summary of the manifest in `out` when it was generated from the project's current inputs
 * (its `inputHash` matches), else `undefined`: no manifest, not JSON, another generator, or an
 * input changed or cannot be read.
 */
function unchangedSummary(projectFile: string, out: string): string | undefined {
  const text = readIfExists(out);
  if (text === undefined) return undefined;
  let previous: Partial<Pick<SerializedToolSchemaManifest, 'inputHash' | 'typeFiles' | 'tools'>>;
  try {
    previous = JSON.parse(text) as typeof previous;
    if (typeof previous?.inputHash !== 'string' || typeof previous.tools !== 'object') return undefined;
    const typeFiles = Array.isArray(previous.typeFiles) ? previous.typeFiles : [];
    const project = readToolSchemaProject({ project: projectFile });
    const inputHash = toolSchemaInputHash(project, typeFiles, manifestProjectPath(project, out));
    return inputHash === previous.inputHash ? toolsSummary(previous.tools) : undefined;
  } catch {
    return undefined;
  }
}

function toolsSummary(
  tools: Readonly<Record<string, { readonly sourceFile: string; readonly className: string }>>,
): string {
  const entries = Object.values(tools);
  const classes = new Set(entries.map((tool) => `${tool.sourceFile}#${tool.className}`)).size;
  return `${plural(entries.length, 'tool')} from ${plural(classes, 'class', 'classes')}`;
}

/**
 * Whether two manifest texts hold the same manifest, `inputHash` aside: `--check` compares what
 * start-up reads, and an input change that leaves the schemas as they were (another declaration in
 * a scanned file, a new generator build) does not make a manifest out of date.
 */
function sameManifest(existing: string | undefined, generated: string): boolean {
  if (existing === undefined) return false;
  const withoutInputHash = (text: string): unknown => {
    const { inputHash: _inputHash, ...rest } = JSON.parse(text) as Record<string, unknown>;
    return rest;
  };
  try {
    return isDeepStrictEqual(withoutInputHash(existing), withoutInputHash(generated));
  } catch {
    return false;
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
