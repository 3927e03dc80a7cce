import { errorOf } from '@sprout-ai/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolSchemaManifestError } from './tool-schema-manifest-error';
import { serializeToolSchemaManifest, type ToolSchemaManifest } from './tool-schema-manifest';
import { ToolSchemaRegistry } from './tool-schema-registry';

const entry = {
  className: 'OrderTools',
  methodName: 'getOrderStatus',
  sourceFile: 'src/order-tools.ts',
  parameters: [{ name: 'orderId', index: 0, kind: 'argument' as const, optional: false }],
  inputSchema: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
  returnsVoid: false,
};
const manifest: ToolSchemaManifest = { version: 1, generator: 'test', tools: { 'OrderTools.getOrderStatus': entry } };

describe(ToolSchemaRegistry, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sprout-registry-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  describe('.get', () => {
    it('should find a registered method by class and method name', () => {
      expect(new ToolSchemaRegistry().register(manifest).get('OrderTools', 'getOrderStatus')).toBe(entry);
    });

    it('should return undefined for an unknown method', () => {
      expect(new ToolSchemaRegistry().register(manifest).get('OrderTools', 'cancel')).toBeUndefined();
    });
  });

  describe('.register', () => {
    describe('when the manifest has another version', () => {
      it('should throw a ToolSchemaManifestError telling to regenerate it', () => {
        const v3 = { ...manifest, version: 3 } as unknown as ToolSchemaManifest;
        expect(errorOf(() => new ToolSchemaRegistry().register(v3), ToolSchemaManifestError)).toMatchObject({
          manifest: '<manifest>',
          message:
            'Tool schema manifest <manifest> has version 3, but this version of @sprout-ai/core reads versions 1 and 2. Run `npm run build` (or `npx sprout-schema`) to regenerate it.',
        });
      });
    });

    describe('when the manifest is the version 2 file form (schemas as JSON text)', () => {
      const serialized = serializeToolSchemaManifest(manifest);

      it('should give the entry with its schema parsed', () => {
        const found = new ToolSchemaRegistry().register(serialized).get('OrderTools', 'getOrderStatus');
        expect(found).toMatchObject({
          className: 'OrderTools',
          methodName: 'getOrderStatus',
          parameters: entry.parameters,
        });
        expect(found?.inputSchema).toEqual(entry.inputSchema);
        expect(found?.inputSchema).toBe(found?.inputSchema);
      });

      it('should refuse at registration a schema that is not object text, naming the tool', () => {
        const broken = {
          ...serialized,
          tools: {
            'OrderTools.getOrderStatus': { ...serialized.tools['OrderTools.getOrderStatus'], inputSchema: '[1]' },
          },
        };
        expect(() => new ToolSchemaRegistry().register(broken, 'dist/tool-schemas.json')).toThrow(
          'Tool schema manifest dist/tool-schemas.json: the inputSchema of OrderTools.getOrderStatus is not JSON object text.',
        );
      });

      it('should name the tool when its schema text is cut short, when the schema is first read', () => {
        const broken = {
          ...serialized,
          tools: {
            'OrderTools.getOrderStatus': { ...serialized.tools['OrderTools.getOrderStatus'], inputSchema: '{"type":' },
          },
        };
        const found = new ToolSchemaRegistry()
          .register(broken, 'dist/tool-schemas.json')
          .get('OrderTools', 'getOrderStatus');
        expect(errorOf(() => found?.inputSchema, ToolSchemaManifestError)).toMatchObject({
          manifest: 'dist/tool-schemas.json',
          message:
            'Tool schema manifest dist/tool-schemas.json: the inputSchema of OrderTools.getOrderStatus is not JSON object text. Run `npm run build` (or `npx sprout-schema`) to regenerate it.',
        });
      });
    });
  });

  describe('.loadFile', () => {
    it('should register the manifest in the file and record its path', () => {
      const path = join(dir, 'tool-schemas.json');
      writeFileSync(path, JSON.stringify(manifest));
      const registry = new ToolSchemaRegistry().loadFile(path);
      expect(registry.get('OrderTools', 'getOrderStatus')).toEqual(entry);
      expect(registry.sources).toEqual([path]);
    });

    describe('when the file is missing', () => {
      it('should name the file and the build command', () => {
        const path = join(dir, 'missing.json');
        expect(() => new ToolSchemaRegistry().loadFile(path)).toThrow(
          `Tool schema manifest ${path} was not found. Run \`npm run build\` (or \`npx sprout-schema\`) to regenerate it.`,
        );
      });
    });

    describe('when the path cannot be read as a file', () => {
      it('should name the path and the reason', () => {
        expect(() => new ToolSchemaRegistry().loadFile(dir)).toThrow(
          new RegExp(`^Tool schema manifest ${dir} cannot be read \\(`),
        );
      });
    });

    describe('when the file is not JSON', () => {
      it('should name the file', () => {
        const path = join(dir, 'broken.json');
        writeFileSync(path, '{"version": 1,');
        expect(() => new ToolSchemaRegistry().loadFile(path)).toThrow(
          new RegExp(`^Tool schema manifest ${path} is not valid JSON \\(.+\\)\\. Run \`npm run build\``),
        );
      });
    });

    describe('when the file has no tools object', () => {
      it('should name the file and the problem', () => {
        const path = join(dir, 'no-tools.json');
        writeFileSync(path, '{"version":1,"generator":"x"}');
        expect(() => new ToolSchemaRegistry().loadFile(path)).toThrow(
          `Tool schema manifest ${path} has no "tools" object.`,
        );
      });
    });
  });
});
