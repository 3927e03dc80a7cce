import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ToolSchemaManifest } from '@sprout-ai/core';
import { generateToolSchemaManifest } from './generate-tool-schema-manifest';

const CORE_SOURCES = path.join(__dirname, '..', '..', 'core', 'src', 'index.ts');
const GENERATION_TIMEOUT_MS = 120_000;

/** Writes `files` (path relative to `root` → text) and returns `root`. */
function writeTree(root: string, files: Readonly<Record<string, string>>): string {
  for (const [relative, text] of Object.entries(files)) {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return root;
}

/**
 * A user's app: `@sprout-ai/core` through `paths` (as in a Sprout checkout), a library in its own
 * `node_modules`, and a sibling workspace package of the user's, compiled from source through `paths`.
 */
const APP = {
  'app/package.json': JSON.stringify({ name: 'my-app' }),
  'app/tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'node20',
      moduleResolution: 'nodenext',
      strict: true,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      skipLibCheck: true,
      noEmit: true,
      types: [],
      paths: { '@sprout-ai/core': [CORE_SOURCES], '@acme/shared': ['../shared/src/index.ts'] },
    },
    include: ['src/**/*.ts'],
  }),
  'app/node_modules/acme-money/package.json': JSON.stringify({ name: 'acme-money', types: 'index.d.ts' }),
  'app/node_modules/acme-money/index.d.ts': [
    '/**',
    ' * Developer doc: an amount in cents; see the acme-money README.',
    ' * @minimum 0',
    ' */',
    'export type Cents = number;',
    '/** Developer doc: a priced amount. */',
    'export interface Money {',
    '  /** Developer doc: cents, never negative. */',
    '  amount: Cents;',
    '  currency: string;',
    '}',
    '',
  ].join('\n'),
  'shared/package.json': JSON.stringify({ name: '@acme/shared' }),
  'shared/src/index.ts': '/** A note the customer sees. */\nexport type CustomerNote = string;\n',
  'app/src/tools.ts': `import { type Integer, Tool } from '@sprout-ai/core';
import type { Cents, Money } from 'acme-money';
import type { CustomerNote } from '@acme/shared';

export interface Page {
  /** Which page, from 1. */
  index?: Integer;
  size?: Integer;
  total: Integer;
  maybe?: Integer | null;
  sizes?: Integer[];
  inline: { count?: Integer };
  price?: Cents;
  money?: Money;
  note?: CustomerNote;
}

export class PageTools {
  /**
   * Lists a page.
   *
   * @param page - the page
   */
  @Tool()
  list(page: Page, limit?: Integer, offset?: Integer | null): string {
    return JSON.stringify([page, limit, offset]);
  }
}
`,
};

describe('supportOwnDescriptions', () => {
  let dir: string;
  let manifest: ToolSchemaManifest;
  beforeAll(() => {
    dir = writeTree(mkdtempSync(path.join(os.tmpdir(), 'sprout-schema-docs-')), APP);
    manifest = generateToolSchemaManifest({ project: path.join(dir, 'app', 'tsconfig.json') });
  }, GENERATION_TIMEOUT_MS);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const schema = () => manifest.tools['PageTools.list'].inputSchema;
  const defs = () => schema().$defs as Record<string, { properties: Record<string, Record<string, unknown>> }>;

  describe('when a property or parameter is typed Integer from @sprout-ai/core', () => {
    it('should give it no description from Integer, optional, nullable, nested or as array items alike', () => {
      expect(defs().Page.properties).toMatchObject({
        size: { type: 'integer' },
        total: { type: 'integer' },
        maybe: { type: ['integer', 'null'] },
        sizes: { type: 'array', items: { type: 'integer' } },
        inline: { type: 'object', properties: { count: { type: 'integer' } } },
      });
      expect(schema().properties).toMatchObject({ limit: { type: 'integer' }, offset: { type: ['integer', 'null'] } });
      expect(JSON.stringify(schema())).not.toMatch(/JSON Schema declares|sprout-schema/);
    });

    it("should keep the user's own TSDoc on the property", () => {
      expect(defs().Page.properties.index).toEqual({ type: 'integer', description: 'Which page, from 1.' });
    });
  });

  describe('when a type comes from a library in node_modules', () => {
    it('should lend no description, but keep its keyword tags', () => {
      expect(defs().Page.properties.price).toEqual({ type: 'number', minimum: 0 });
      expect(JSON.stringify(schema())).not.toContain('Developer doc');
      expect(defs().Money.properties.amount).toEqual({ type: 'number', minimum: 0 });
    });
  });

  describe("when a type comes from the user's sibling package compiled from source", () => {
    it('should keep its TSDoc as the description', () => {
      expect(defs().Page.properties.note).toEqual({ type: 'string', description: 'A note the customer sees.' });
    });
  });
});
