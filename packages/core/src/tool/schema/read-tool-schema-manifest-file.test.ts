import { errorOf } from '@sprout-ai/test';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolSchemaManifestError } from './tool-schema-manifest-error';
import { manifestFileText, manifestToolLines } from './__fixtures__/manifest-file-layout';
import { readToolSchemaManifestFile } from './read-tool-schema-manifest-file';
import type { ToolMethodSchema, ToolSchemaManifest } from './tool-schema-manifest';

/** A manifest of `count` tools in class `Catalog`, big enough that its tool lines are not in the first read. */
function catalogManifest(count: number, description = 'Looks a product up'): ToolSchemaManifest {
  const tools: Record<string, ToolMethodSchema> = {};
  for (let i = 0; i < count; i++) {
    tools[`Catalog.find${i}`] = {
      className: 'Catalog',
      methodName: `find${i}`,
      sourceFile: 'src/catalog.ts',
      description: `${description} (${i}), by its id or its name, in the catalogue of the shop.`,
      parameters: [{ name: 'id', index: 0, kind: 'argument', optional: false }],
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'string', description: 'The product id, e.g. P-1234.' } },
        required: ['id'],
        additionalProperties: false,
      },
      returnsVoid: false,
    };
  }
  return { version: 1, generator: 'test@1', sourceHash: 'abc', project: '../tsconfig.json', tools };
}

const COUNT = 200;
const keys = Object.keys(catalogManifest(COUNT).tools);

describe(readToolSchemaManifestFile, () => {
  let dir: string;
  let file: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sprout-manifest-file-'));
    file = join(dir, 'tool-schemas.json');
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  describe('when the file is in the layout sprout-schema writes, with toolKeys', () => {
    beforeEach(() => {
      const text = manifestFileText(catalogManifest(COUNT), { toolKeys: keys });
      expect(text.length).toBeGreaterThan(3 * 16 * 1024);
      writeFileSync(file, text);
    });

    it('should give the header and answer has() for every tool', () => {
      const document = readToolSchemaManifestFile(file);
      expect(document).toMatchObject({ version: 2, generator: 'test@1', sourceHash: 'abc', source: file });
      expect(document.sourceFiles()).toEqual(['src/catalog.ts']);
      expect(document.keys()).toEqual(keys);
      expect(keys.every((key) => document.has(key))).toBe(true);
      expect(document.has('Catalog.remove')).toBe(false);
    });

    it('should read the tool lines only at the first entry read, as they are then', () => {
      const document = readToolSchemaManifestFile(file);
      // The same header with other tool lines: what start-up did not read yet is read from the file now.
      writeFileSync(file, manifestFileText(catalogManifest(COUNT, 'Finds a product'), { toolKeys: keys }));
      expect(document.get('Catalog.find7')?.description).toBe(
        'Finds a product (7), by its id or its name, in the catalogue of the shop.',
      );
      expect(document.get('Catalog.find199')?.inputSchema).toEqual(
        catalogManifest(1).tools['Catalog.find0'].inputSchema,
      );
    });

    it('should name the file at the first entry read when it was regenerated with another header since', () => {
      const document = readToolSchemaManifestFile(file);
      writeFileSync(file, manifestFileText({ ...catalogManifest(COUNT), sourceHash: 'def' }, { toolKeys: keys }));
      expect(errorOf(() => document.get('Catalog.find0'), ToolSchemaManifestError)).toMatchObject({
        manifest: file,
        message: `Tool schema manifest ${file} changed after start-up read its header (it was rewritten while the application ran). Restart the application to load it.`,
      });
    });

    it('should name the file and the reason at the first entry read when it is gone by then', () => {
      const document = readToolSchemaManifestFile(file);
      unlinkSync(file);
      expect(() => document.get('Catalog.find0')).toThrow(
        /^Tool schema manifest .+ could not be read again for its tool lines \(ENOENT: no such file or directory, open '.+'\); start-up read its header\./,
      );
    });

    it('should read a header longer than the first read', () => {
      const many = catalogManifest(3000);
      const manyKeys = Object.keys(many.tools);
      writeFileSync(file, manifestFileText(many, { toolKeys: manyKeys }));
      const document = readToolSchemaManifestFile(file);
      expect(document.keys()).toEqual(manyKeys);
      expect(document.get('Catalog.find2999')?.methodName).toBe('find2999');
    });
  });

  describe('when the file is cut short', () => {
    it('should refuse it at once, as not valid JSON', () => {
      writeFileSync(file, manifestFileText(catalogManifest(COUNT), { toolKeys: keys }).slice(0, -300));
      expect(() => readToolSchemaManifestFile(file)).toThrow(
        /^Tool schema manifest .+ is not valid JSON \(.+\)\. Run `npm run build`/,
      );
    });
  });

  describe('when the header has no toolKeys, or the file is formatted otherwise', () => {
    it.each([
      ['no toolKeys', () => manifestFileText(catalogManifest(COUNT))],
      ['two-space indent', () => JSON.stringify(JSON.parse(manifestFileText(catalogManifest(COUNT))), null, 2)],
    ])('should read it whole at once: %s', (_case, text) => {
      writeFileSync(file, text());
      const document = readToolSchemaManifestFile(file);
      unlinkSync(file);
      expect(document.keys()).toEqual(keys);
      expect(document.get('Catalog.find3')?.description).toBe(
        'Looks a product up (3), by its id or its name, in the catalogue of the shop.',
      );
    });
  });

  describe('when the file is smaller than the first read', () => {
    it('should read it whole at once', () => {
      const small = catalogManifest(2);
      writeFileSync(file, manifestFileText(small, { toolKeys: Object.keys(small.tools) }));
      const document = readToolSchemaManifestFile(file);
      unlinkSync(file);
      expect(JSON.parse(JSON.stringify(document.get('Catalog.find1')))).toEqual(small.tools['Catalog.find1']);
    });
  });

  describe('when there is no such file', () => {
    it("should throw the file system's error", () => {
      expect(() => readToolSchemaManifestFile(join(dir, 'missing.json'))).toThrow(
        expect.objectContaining({ code: 'ENOENT' }),
      );
    });
  });

  it('should keep manifestToolLines and the toolKeys in the same order (the fixture the cases rely on)', () => {
    expect(manifestToolLines(catalogManifest(3)).map((line): unknown => JSON.parse(`{${line}}`))).toEqual(
      Object.keys(catalogManifest(3).tools).map((key) => ({ [key]: expect.any(Object) })),
    );
  });
});
