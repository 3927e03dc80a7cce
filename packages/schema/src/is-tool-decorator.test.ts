import path from 'node:path';
import { MethodToolCallbackProvider, type ToolSchemaManifest, ToolSchemaRegistry } from '@sprout-ai/core';
import { generateToolSchemaManifest } from './generate-tool-schema-manifest';
import { WarehouseTools } from './__fixtures__/composed-decorators/warehouse-tools';

const PROJECT = path.join(__dirname, '__fixtures__', 'composed-decorators', 'tsconfig.json');
const GENERATION_TIMEOUT_MS = 120_000;

describe('isToolDecorator', () => {
  let manifest: ToolSchemaManifest;
  beforeAll(() => {
    manifest = generateToolSchemaManifest({ project: PROJECT });
  }, GENERATION_TIMEOUT_MS);

  describe('when methods carry decorators composed from Tool(...)', () => {
    it('should give each a manifest entry: inferred, declared MethodDecorator, bare, nested, static and compiled', () => {
      expect(Object.keys(manifest.tools)).toEqual([
        'WarehouseTools.audit',
        'WarehouseTools.count',
        'WarehouseTools.move',
        'WarehouseTools.ping',
        'WarehouseTools.reserve',
        'WarehouseTools.stock',
      ]);
      expect(manifest.tools['WarehouseTools.reserve'].inputSchema).toMatchObject({
        properties: { sku: { type: 'string' }, units: { type: 'number' } },
        required: ['sku', 'units'],
      });
    });

    it('should leave out a method whose decorator does not apply Tool(...)', () => {
      expect(manifest.tools['WarehouseTools.helper']).toBeUndefined();
    });

    it('should let the runtime build every tool from that manifest, with the composed options', async () => {
      const callbacks = MethodToolCallbackProvider.builder()
        .toolObjects(new WarehouseTools())
        .schemaRegistry(new ToolSchemaRegistry().register(manifest))
        .build()
        .getToolCallbacks();
      expect(callbacks.map((c) => [c.toolDefinition.name, c.toolDefinition.description])).toEqual([
        ['stock', 'Units in stock'],
        ['move', 'Moves stock between bins'],
        ['ping', 'Answers pong'],
        ['count', 'Counts a bin'],
        ['audit', 'For staff only'],
        ['reserve', 'Reserves units'],
      ]);
      const reserve = callbacks.find((c) => c.toolDefinition.name === 'reserve');
      await expect(reserve?.call('{"sku":"A1","units":3}')).resolves.toBe('"A1x3"');
    });
  });
});
