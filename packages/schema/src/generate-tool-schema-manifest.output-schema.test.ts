import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateToolSchemaManifest } from './generate-tool-schema-manifest';

const GENERATION_TIMEOUT_MS = 120_000;

describe('generateToolSchemaManifest outputSchema', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sprout-schema-output-'));
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, experimentalDecorators: true, module: 'commonjs' },
        include: ['*.ts'],
      }),
    );
    writeFileSync(
      path.join(dir, 'decorators.ts'),
      'export function McpTool(): MethodDecorator {\n  return () => undefined;\n}\n' +
        'export function Tool(): MethodDecorator {\n  return () => undefined;\n}\n' +
        'export class McpToolResult {\n  content: unknown[] = [];\n}\n',
    );
    writeFileSync(
      path.join(dir, 'stock-tools.ts'),
      `import { McpTool, McpToolResult, Tool } from './decorators';
export interface Shelf { row: number }
export interface Stock { title: string; copies: number; shelf?: Shelf }
export class StockTools {
  @McpTool()
  async stock(title: string): Promise<Stock> { return { title, copies: 1 }; }
  @McpTool()
  text(): string { return ''; }
  @McpTool()
  list(): Stock[] { return []; }
  @McpTool()
  parts(): McpToolResult { return new McpToolResult(); }
  @Tool()
  agentStock(): Stock { return { title: '', copies: 0 }; }
}
`,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'should give an @McpTool method returning an object the schema of its awaited result, and no other method one',
    () => {
      const { tools } = generateToolSchemaManifest({ project: path.join(dir, 'tsconfig.json') });
      expect(tools['StockTools.stock'].outputSchema).toEqual({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: {
          title: { type: 'string' },
          copies: { type: 'number' },
          shelf: { $ref: '#/$defs/Shelf' },
        },
        required: ['title', 'copies'],
        additionalProperties: false,
        $defs: {
          Shelf: {
            type: 'object',
            properties: { row: { type: 'number' } },
            required: ['row'],
            additionalProperties: false,
          },
        },
      });
      for (const key of ['StockTools.text', 'StockTools.list', 'StockTools.parts', 'StockTools.agentStock']) {
        expect(tools[key]).not.toHaveProperty('outputSchema');
      }
    },
    GENERATION_TIMEOUT_MS,
  );
});
