import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SproutError } from '../../error/sprout-error';
import type { ToolSchemaManifest } from './tool-schema-manifest';
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
      it('should throw a SproutError telling to regenerate it', () => {
        const v2 = { ...manifest, version: 2 } as unknown as ToolSchemaManifest;
        expect(() => new ToolSchemaRegistry().register(v2)).toThrow(
          new SproutError(
            'Tool schema manifest <manifest> has version 2, but this version of @sprout-ai/core reads version 1. Run `npm run build` (or `npx sprout-schema`) to regenerate it.',
          ),
        );
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
