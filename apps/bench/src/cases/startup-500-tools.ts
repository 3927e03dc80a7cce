import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CaseResult, type TargetCheck, defineBenchCase } from '../bench-case';
import type { Json } from '../support/child-task';
import { collectGarbage } from '../support/sampler';
import { formatNumber, formatRatio, formatSummary, summarize } from '../support/stats';

const CLASSES = 50;
const METHODS_PER_CLASS = 10;
const RATIO_TARGET = 2;
const ABSOLUTE_TARGET_MS = 150;

/** The generated app: sources, compiled modules and the manifest. */
interface GeneratedApp {
  readonly dir: string;
  readonly manifestFile: string;
  /** Compiled tool modules (absolute paths). */
  readonly modules: readonly string[];
}

/** What one child measured, in ms. */
interface StartSample {
  /**
   * From the child's process start (`performance.timeOrigin`) to the container being ready, less the
   * full GC run just before the container window.
   */
  readonly processToReadyMs: number;
  /** Only building and starting the container (modules already loaded). */
  readonly containerMs: number;
  readonly tools: number;
  /**
   * Sprout only: after start-up, what the first request adds — building the 500 callbacks and
   * reading their definitions (name, description, schema text), in ms.
   */
  readonly firstUseMs?: number;
}

/** Source of tool class `c`: ten `@Tool` methods cycling through strings, integers, optionals, enums, DTOs and dates. */
function classSource(c: number): string {
  const methods: string[] = [];
  for (let m = 0; m < METHODS_PER_CLASS; m++) {
    const name = `op${c}x${m}`;
    const params = [
      `id: string, limit?: Integer`,
      `filter: Filter${c}, mode: Mode${c} = Mode${c}.Fast`,
      `when: Date, note: string | null`,
      `tags: string[], counts: Record<string, number>`,
      `ctx: ToolContext, page: Integer, flag: boolean`,
    ][m % 5];
    methods.push(
      `  /**\n   * Operation ${m} of catalogue ${c}.\n   *\n   * @param id - The id.\n   */\n  @Tool()\n  ${name}(${params}): string {\n    return '${name}';\n  }\n`,
    );
  }
  return [
    `import { injectable } from 'inversify';`,
    `import { type Integer, Tool, ToolContext } from '@sprout-ai/core';`,
    ``,
    `/** Filter of catalogue ${c}. */`,
    `export interface Filter${c} {\n  /** Words to look for. */\n  text: string;\n  minPrice?: number;\n  tags: string[];\n}`,
    `export enum Mode${c} {\n  Fast = 'fast',\n  Full = 'full',\n}`,
    ``,
    `@injectable()`,
    `export class Catalog${c}Tools {`,
    methods.join('\n'),
    `}`,
    ``,
  ].join('\n');
}

/**
 * Writes the 50 classes (500 `@Tool` methods) and a tsconfig into a temp dir, and compiles them with
 * swc (legacy decorators and decorator metadata, CommonJS) into `dist/`, with `@sprout-ai/core`
 * and `inversify` imports pointing at this repository's copies.
 */
export function generateApp(): GeneratedApp {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sprout-bench-startup-'));
  const coreDir = path.dirname(require.resolve('@sprout-ai/core/package.json'));
  mkdirSync(path.join(dir, 'src'));
  mkdirSync(path.join(dir, 'dist'));
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'commonjs',
        strict: true,
        experimentalDecorators: true,
        emitDecoratorMetadata: true,
        skipLibCheck: true,
        paths: {
          '@sprout-ai/core': [path.join(coreDir, 'src', 'index.ts')],
          inversify: [packageDir('inversify')],
        },
      },
      include: ['src'],
    }),
  );
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- root devDependency, used to compile the generated app
  const swc = require('@swc/core') as { transformSync(code: string, options: object): { code: string } };
  const resolved: Record<string, string> = {
    '@sprout-ai/core': require.resolve('@sprout-ai/core'),
    inversify: require.resolve('inversify'),
  };
  const modules: string[] = [];
  for (let c = 0; c < CLASSES; c++) {
    const source = classSource(c);
    writeFileSync(path.join(dir, 'src', `catalog-${c}-tools.ts`), source);
    const { code } = swc.transformSync(source, {
      filename: `catalog-${c}-tools.ts`,
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
        target: 'es2022',
        keepClassNames: true,
      },
      module: { type: 'commonjs' },
    });
    const out = path.join(dir, 'dist', `catalog-${c}-tools.js`);
    writeFileSync(
      out,
      code.replace(
        /require\("(@sprout-ai\/core|inversify)"\)/g,
        (_m, id: string) => `require(${JSON.stringify(resolved[id])})`,
      ),
    );
    modules.push(out);
  }
  return { dir, manifestFile: path.join(dir, 'dist', 'tool-schemas.json'), modules };
}

/** The folder of an installed package (found from its entry point; some packages do not export `package.json`). */
function packageDir(name: string): string {
  const entry = require.resolve(name);
  const marker = `${path.sep}node_modules${path.sep}${name}${path.sep}`;
  return entry.slice(0, entry.lastIndexOf(marker) + marker.length - 1);
}

/** Child: generates the manifest of the app with `@sprout-ai/schema` (a cold process, like the CLI) and writes it. */
export async function generateManifestInChild(args: Json): Promise<Json> {
  const { dir, manifestFile } = args as { dir: string; manifestFile: string };
  const started = performance.now();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded inside the timed region on purpose
  const schema = require('@sprout-ai/schema') as typeof import('@sprout-ai/schema');
  const manifest = schema.generateToolSchemaManifest({ project: path.join(dir, 'tsconfig.json'), manifestFile });
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
  const { formatToolSchemaManifest } = require('@sprout-ai/core') as typeof import('@sprout-ai/core');
  writeFileSync(manifestFile, formatToolSchemaManifest(manifest));
  return { ms: performance.now() - started, tools: Object.keys(manifest.tools).length };
}

/** Child: a bare inversify container binding and resolving the 50 classes. */
export async function bareStartInChild(args: Json): Promise<Json> {
  const { modules } = args as { modules: string[] };
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- measured cold, per process
  const { Container } = require('inversify') as typeof import('inversify');
  const classes = modules.map((file) => firstClass(file));
  const gcMs = emptyHeapBeforeWindow();
  const started = performance.now();
  const container = new Container({ defaultScope: 'Singleton' });
  for (const cls of classes) container.bind(cls).toSelf();
  for (const cls of classes) container.get(cls);
  const ready = performance.now();
  return { processToReadyMs: ready - gcMs, containerMs: ready - started, tools: 0 } satisfies StartSample;
}

/** Child: `SproutApplication.run` with the same 50 classes, schemas from the manifest (500 tool callbacks). */
export async function sproutStartInChild(args: Json): Promise<Json> {
  const { modules, manifestFile, dir } = args as { modules: string[]; manifestFile: string; dir: string };
  // Run from the app's folder, as its user would: the staleness check's stamp cache
  // (node_modules/.cache/sprout-schema) then goes away with the temp dir.
  process.chdir(dir);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- measured cold, per process
  const { SproutApplication } = require('@sprout-ai/boot') as typeof import('@sprout-ai/boot');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- measured cold, per process
  const { ContainerModule } = require('inversify') as typeof import('inversify');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the same instance boot uses
  const { ToolSchemaRegistry } = require('@sprout-ai/core') as typeof import('@sprout-ai/core');
  const classes = modules.map((file) => firstClass(file));
  const gcMs = emptyHeapBeforeWindow();
  const started = performance.now();
  const app = await SproutApplication.run({
    propertiesFile: false,
    env: {},
    properties: { 'spring.ai.openai.api-key': 'sk-bench' },
    modules: [
      new ContainerModule(({ bind }) => {
        for (const cls of classes) bind(cls).toSelf();
      }),
    ],
    schemaManifest: manifestFile,
    schemaRegistry: new ToolSchemaRegistry(),
  });
  for (const cls of classes) app.get(cls);
  const ready = performance.now();
  const definitions = app.toolCallbacks.map(({ toolDefinition: d }) => d.name + d.description + d.inputSchema);
  const firstUseMs = performance.now() - ready;
  const tools = definitions.length;
  await app.close();
  return { processToReadyMs: ready - gcMs, containerMs: ready - started, tools, firstUseMs } satisfies StartSample;
}

/**
 * Runs a full GC before the timed window, so that neither contender's window pays for a scavenge of
 * the garbage module loading left (it decided, by chance, which windows got one).
 *
 * @returns how long the GC took, in ms (left out of process start → ready)
 */
function emptyHeapBeforeWindow(): number {
  const before = performance.now();
  collectGarbage();
  return performance.now() - before;
}

function firstClass(file: string): new () => object {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the generated app's compiled modules
  const exported = require(file) as Record<string, unknown>;
  const cls = Object.values(exported).find((value) => typeof value === 'function' && /Tools$/.test(value.name));
  if (cls === undefined) throw new Error(`${file} exports no *Tools class`);
  return cls as new () => object;
}

/**
 * Start-up with 500 `@Tool` methods across 50 classes: a generated app (sources in a temp dir,
 * manifest built with `@sprout-ai/schema`, compiled with swc); each start runs in a fresh process,
 * alternating a bare inversify container resolving the 50 classes and `SproutApplication.run` with
 * the schemas from the manifest.
 */
export const benchCase = defineBenchCase({
  id: 'startup-500-tools',
  title: 'Start-up: 500 @Tool methods in 50 classes, schemas from the manifest vs a bare inversify container',
  order: 60,
  async run(context): Promise<CaseResult> {
    // Fresh-process start times on a shared 2-vCPU machine vary by tens of percent: enough pairs for stable medians.
    const runs = context.options.quick ? 5 : 21;
    const app = generateApp();
    try {
      context.log(`startup-500-tools: generated 50 classes in ${app.dir}; building the manifest`);
      const generation = await context.runInChild<{ ms: number; tools: number }>(
        'startup-manifest',
        __filename,
        'generateManifestInChild',
        { dir: app.dir, manifestFile: app.manifestFile },
      );
      if (generation.tools !== CLASSES * METHODS_PER_CLASS) {
        throw new Error(`startup-500-tools: the manifest has ${generation.tools} tools, expected 500`);
      }
      const bare: StartSample[] = [];
      const sprout: StartSample[] = [];
      const args = { modules: [...app.modules], manifestFile: app.manifestFile, dir: app.dir };
      const startBare = async (): Promise<void> => {
        bare.push(
          (await context.runInChild<Json>(
            'startup-bare',
            __filename,
            'bareStartInChild',
            args,
          )) as unknown as StartSample,
        );
      };
      const startSprout = async (): Promise<void> => {
        const sample = (await context.runInChild<Json>(
          'startup-sprout',
          __filename,
          'sproutStartInChild',
          args,
        )) as unknown as StartSample;
        if (sample.tools !== CLASSES * METHODS_PER_CLASS) {
          throw new Error(`startup-500-tools: Sprout started with ${sample.tools} tools, expected 500`);
        }
        sprout.push(sample);
      };
      for (let i = 0; i < runs; i++) {
        context.log(`startup-500-tools: run ${i + 1}/${runs}`);
        // Which goes first alternates, so neither always starts right after the other.
        if (i % 2 === 0) {
          await startBare();
          await startSprout();
        } else {
          await startSprout();
          await startBare();
        }
      }
      return report(bare, sprout, generation.ms);
    } finally {
      rmSync(app.dir, { recursive: true, force: true });
    }
  },
});

function report(bare: readonly StartSample[], sprout: readonly StartSample[], generationMs: number): CaseResult {
  const bareProcess = summarize(bare.map((s) => s.processToReadyMs));
  const sproutProcess = summarize(sprout.map((s) => s.processToReadyMs));
  const bareContainer = summarize(bare.map((s) => s.containerMs));
  const sproutContainer = summarize(sprout.map((s) => s.containerMs));
  const processRatio = sproutProcess.median / bareProcess.median;
  const containerRatio = sproutContainer.median / bareContainer.median;
  const pairedRatio = summarize(sprout.map((s, i) => s.containerMs / bare[i].containerMs));
  const targets: TargetCheck[] = [
    {
      name: 'Start-up 500 tools, container start: Sprout / bare inversify',
      target: `≤ ${formatRatio(RATIO_TARGET)}`,
      actual: formatRatio(containerRatio),
      met: containerRatio <= RATIO_TARGET,
    },
    {
      name: 'Start-up 500 tools, container start: Sprout',
      target: `< ${ABSOLUTE_TARGET_MS} ms`,
      actual: `${formatNumber(sproutContainer.median)} ms`,
      met: sproutContainer.median < ABSOLUTE_TARGET_MS,
    },
  ];
  return {
    tables: [
      {
        title: 'Start-up with 500 @Tool methods in 50 classes (ms, median [p25–p75] of fresh processes)',
        columns: [
          'contender',
          'process start → ready ms',
          'container only ms',
          '÷ bare (process)',
          '÷ bare (container)',
        ],
        rows: [
          {
            contender: 'bare inversify, 50 classes',
            'process start → ready ms': formatSummary(bareProcess),
            'container only ms': formatSummary(bareContainer),
            '÷ bare (process)': formatRatio(1),
            '÷ bare (container)': formatRatio(1),
          },
          {
            contender: 'SproutApplication.run, 500 tools from the manifest',
            'process start → ready ms': formatSummary(sproutProcess),
            'container only ms': formatSummary(sproutContainer),
            '÷ bare (process)': formatRatio(processRatio),
            '÷ bare (container)': formatRatio(containerRatio),
          },
          {
            contender: 'first request after start: build the 500 callbacks, read their definitions',
            'process start → ready ms': '',
            'container only ms': `${formatSummary(summarize(sprout.map((s) => s.firstUseMs ?? 0)))} (after ready)`,
            '÷ bare (process)': '',
            '÷ bare (container)': '',
          },
          {
            contender: 'manifest generation (sprout-schema API, cold process)',
            'process start → ready ms': '',
            'container only ms': `${formatNumber(generationMs)} (generation)`,
            '÷ bare (process)': '',
            '÷ bare (container)': '',
          },
        ],
        notes: [
          'The targets apply to the container start (container only); process start → ready is shown for context.',
          `Container start ratio of each run's pair (Sprout ÷ the bare start next to it): median ${formatRatio(pairedRatio.median)} [${formatRatio(pairedRatio.p25)}–${formatRatio(pairedRatio.p75)}].`,
          'process start → ready = performance.now() when every class is resolved: Node start-up, module loading (inversify, or @sprout-ai/boot with core, openai, chat-client …) and the container.',
          'container only = from before building the container to every class resolved (SproutApplication.run: properties, auto-configuration, manifest load with the staleness check, @Tool scan checking the 500 methods).',
          'The 500 callbacks are built at the first getToolCallbacks() (the first request); that row measures it, untimed by the targets.',
          `Each start runs in its own process (${bare.length} pairs; the first of each pair alternates); generated sources in a temp dir, compiled with swc. Manifest generation is one cold run of generateToolSchemaManifest for the ${CLASSES * METHODS_PER_CLASS} methods (module loading included).`,
        ],
      },
    ],
    targets,
    data: { bare, sprout, generationMs },
  };
}
