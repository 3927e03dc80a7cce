import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  formatToolSchemaManifest,
  MissingPeerDependencyError,
  ToolSchemaManifestError,
  ToolSchemaRegistry,
} from '@sprout-ai/core';
import { generateToolSchemaManifest } from '@sprout-ai/schema';
import { installedAgain, simulateNotInstalled } from '../__fixtures__/not-installed';
import { SproutProperties } from '../properties/sprout-properties';
import { loadToolSchemaManifest } from './load-tool-schema-manifest';

const GENERATION_TIMEOUT_MS = 120_000;

function toolSource(parameter: string, body = "return '';", decorator = '@Tool()'): string {
  return `import { Tool } from './tool';\nexport class WeatherTools {\n  ${decorator}\n  forecast(${parameter}): string {\n    ${body}\n  }\n}\n`;
}

describe(loadToolSchemaManifest, () => {
  let dir: string;
  let manifestFile: string;
  let cwd: string;
  /** Generates the manifest of the temp project, as `sprout-schema` would. */
  const writeManifest = () =>
    writeFileSync(
      manifestFile,
      formatToolSchemaManifest(generateToolSchemaManifest({ project: path.join(dir, 'tsconfig.json'), manifestFile })),
    );
  beforeEach(() => {
    cwd = process.cwd();
    dir = mkdtempSync(path.join(os.tmpdir(), 'sprout-boot-schema-'));
    process.chdir(dir);
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, experimentalDecorators: true }, include: ['src'] }),
    );
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(
      path.join(dir, 'src', 'tool.ts'),
      'export function Tool(): MethodDecorator {\n  return () => undefined;\n}\n',
    );
    writeFileSync(path.join(dir, 'src', 'weather-tools.ts'), toolSource('city: string'));
    manifestFile = path.join(dir, 'dist', 'tool-schemas.json');
    mkdirSync(path.dirname(manifestFile));
    writeManifest();
  }, GENERATION_TIMEOUT_MS);
  afterEach(() => {
    process.chdir(cwd);
    rmSync(dir, { recursive: true, force: true });
  });
  const properties = (record: Record<string, string> = {}) => SproutProperties.from(record);
  const cityType = (registry: ToolSchemaRegistry) =>
    (registry.get('WeatherTools', 'forecast')?.inputSchema.properties as Record<string, unknown>).city;

  describe('when the manifest matches its sources', () => {
    it('should load it', () => {
      const registry = new ToolSchemaRegistry();
      loadToolSchemaManifest(registry, manifestFile, properties());
      expect(cityType(registry)).toEqual({ type: 'string' });
      expect(JSON.parse(readFileSync(manifestFile, 'utf8'))).toMatchObject({ project: '../tsconfig.json' });
    });
  });

  describe('when only the body of a tool method changed after generation', () => {
    it('should load it', () => {
      writeFileSync(
        path.join(dir, 'src', 'weather-tools.ts'),
        toolSource('city: string', 'const c = 19;\n    return `${c}`;'),
      );
      const registry = new ToolSchemaRegistry();
      loadToolSchemaManifest(registry, manifestFile, properties());
      expect(cityType(registry)).toEqual({ type: 'string' });
    });
  });

  describe('when the decorator of a tool method changed after generation', () => {
    it('should fail as stale', () => {
      writeFileSync(
        path.join(dir, 'src', 'weather-tools.ts'),
        toolSource('city: string', "return '';", '@Tool() @Tool()'),
      );
      expect(() => loadToolSchemaManifest(new ToolSchemaRegistry(), manifestFile, properties())).toThrow(
        `Tool schema manifest ${manifestFile} is stale: the declarations its schemas come from changed since it was generated.`,
      );
    });
  });

  describe('when the parameter type of a tool method changed after generation', () => {
    it('should fail with the command to run', () => {
      writeFileSync(path.join(dir, 'src', 'weather-tools.ts'), toolSource('city: number'));
      expect(() => loadToolSchemaManifest(new ToolSchemaRegistry(), manifestFile, properties())).toThrow(
        ToolSchemaManifestError,
      );
      expect(() => loadToolSchemaManifest(new ToolSchemaRegistry(), manifestFile, properties())).toThrow(
        `Tool schema manifest ${manifestFile} is stale: the declarations its schemas come from changed since it was generated. ` +
          'Regenerate it with `npx sprout-schema --project tsconfig.json --out dist/tool-schemas.json` (npm run build runs it), ' +
          'or set sprout.schema.dev-mode=true to regenerate it at start-up during development.',
      );
    });

    it(
      'should regenerate it once into the cache in dev mode',
      () => {
        writeFileSync(path.join(dir, 'src', 'weather-tools.ts'), toolSource('city: number'));
        const registry = new ToolSchemaRegistry();
        loadToolSchemaManifest(registry, manifestFile, properties({ 'sprout.schema.dev-mode': 'true' }));
        expect(cityType(registry)).toEqual({ type: 'number' });
        const cached = path.join(dir, 'node_modules', '.cache', 'sprout-schema');
        expect(existsSync(cached)).toBe(true);
      },
      GENERATION_TIMEOUT_MS,
    );
  });

  describe('when the manifest is stale in dev mode and @sprout-ai/schema is not installed', () => {
    afterEach(() => installedAgain('@sprout-ai/schema'));

    it('should fail naming the package and the command that installs it', () => {
      writeFileSync(path.join(dir, 'src', 'weather-tools.ts'), toolSource('city: number'));
      simulateNotInstalled('@sprout-ai/schema');

      const load = () =>
        loadToolSchemaManifest(
          new ToolSchemaRegistry(),
          manifestFile,
          properties({ 'sprout.schema.dev-mode': 'true' }),
        );
      expect(load).toThrow(MissingPeerDependencyError);
      expect(load).toThrow(
        'sprout.schema.dev-mode=true (regenerating the tool schema manifest) needs the package @sprout-ai/schema, ' +
          'which is not installed (it is an optional peer dependency). Install it: npm install --save-dev @sprout-ai/schema',
      );
    });
  });

  describe('when a type of a tool argument, declared in another file, changed after generation', () => {
    const request = (field: string) => `export interface ForecastRequest {\n  ${field};\n}\n`;
    beforeEach(() => {
      writeFileSync(path.join(dir, 'src', 'forecast-request.ts'), request('city: string'));
      writeFileSync(
        path.join(dir, 'src', 'weather-tools.ts'),
        `import type { ForecastRequest } from './forecast-request';\n${toolSource('request: ForecastRequest')}`,
      );
      writeManifest();
    }, GENERATION_TIMEOUT_MS);

    it('should list that file among the sources and fail with the command to run', () => {
      expect(JSON.parse(readFileSync(manifestFile, 'utf8'))).toMatchObject({
        sources: ['src/forecast-request.ts', 'src/weather-tools.ts'],
      });
      loadToolSchemaManifest(new ToolSchemaRegistry(), manifestFile, properties());

      writeFileSync(path.join(dir, 'src', 'forecast-request.ts'), request('city: string;\n  days: number'));
      expect(() => loadToolSchemaManifest(new ToolSchemaRegistry(), manifestFile, properties())).toThrow(
        `Tool schema manifest ${manifestFile} is stale: the declarations its schemas come from changed since it was generated.`,
      );
    });

    it(
      'should regenerate it with the new type in dev mode',
      () => {
        writeFileSync(path.join(dir, 'src', 'forecast-request.ts'), request('city: string;\n  days: number'));
        const registry = new ToolSchemaRegistry();
        loadToolSchemaManifest(registry, manifestFile, properties({ 'sprout.schema.dev-mode': 'true' }));
        const schema = registry.get('WeatherTools', 'forecast')?.inputSchema as {
          $defs: Record<string, { properties: Record<string, unknown> }>;
        };
        expect(Object.keys(schema.$defs.ForecastRequest.properties)).toEqual(['city', 'days']);
      },
      GENERATION_TIMEOUT_MS,
    );
  });

  describe('when the manifest is missing', () => {
    it('should fail with the command to run', () => {
      rmSync(manifestFile);
      expect(() => loadToolSchemaManifest(new ToolSchemaRegistry(), manifestFile, properties())).toThrow(
        ToolSchemaManifestError,
      );
      expect(() => loadToolSchemaManifest(new ToolSchemaRegistry(), manifestFile, properties())).toThrow(
        `Tool schema manifest ${manifestFile} was not found. Generate it with ` +
          '`npx sprout-schema --project tsconfig.json --out dist/tool-schemas.json`',
      );
    });
  });

  describe('when the sources are not next to the manifest (a production image)', () => {
    it('should trust the manifest', () => {
      rmSync(path.join(dir, 'src'), { recursive: true });
      const registry = new ToolSchemaRegistry();
      loadToolSchemaManifest(registry, manifestFile, properties());
      expect(cityType(registry)).toEqual({ type: 'string' });
    });
  });
});
