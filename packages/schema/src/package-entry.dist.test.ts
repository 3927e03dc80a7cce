import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { generateToolSchemaManifest } from '@sprout-ai/schema';

// The built package as a user's build loads it: through node_modules and the exports map to dist/.
describe('@sprout-ai/schema entry', () => {
  let project: string;

  beforeEach(() => {
    project = mkdtempSync(join(tmpdir(), 'sprout-schema-dist-'));
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, experimentalDecorators: true }, include: ['src'] }),
    );
    mkdirSync(join(project, 'src'));
    writeFileSync(
      join(project, 'src', 'tool.ts'),
      'export function Tool(): MethodDecorator {\n  return () => undefined;\n}\n',
    );
    writeFileSync(
      join(project, 'src', 'weather-tools.ts'),
      "import { Tool } from './tool';\nexport class WeatherTools {\n  @Tool()\n  forecast(city: string): string {\n    return city;\n  }\n}\n",
    );
  });

  afterEach(() => rmSync(project, { recursive: true, force: true }));

  it('should resolve to the build', () => {
    expect(require.resolve('@sprout-ai/schema')).toBe(join(__dirname, '../dist/index.js'));
  });

  it('should generate the schema of a tool method', () => {
    const manifest = generateToolSchemaManifest({ project: join(project, 'tsconfig.json') });

    expect(manifest.tools['WeatherTools.forecast'].inputSchema).toMatchObject({
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    });
  }, 60_000);

  it('should run the sprout-schema command its package.json names', async () => {
    const packageJson = require.resolve('@sprout-ai/schema/package.json');
    const { bin } = JSON.parse(readFileSync(packageJson, 'utf8')) as { bin: Record<string, string> };
    const command = join(dirname(packageJson), bin['sprout-schema']);
    const out = join(project, 'dist', 'tool-schemas.json');

    const { stderr } = await promisify(execFile)(process.execPath, [
      command,
      '--project',
      join(project, 'tsconfig.json'),
      '--out',
      out,
    ]);

    expect(stderr).toMatch(/^sprout-schema: 1 tool from 1 class → /);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({
      tools: { 'WeatherTools.forecast': { methodName: 'forecast' } },
    });
  }, 60_000);
});
