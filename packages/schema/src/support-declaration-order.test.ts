import path from 'node:path';
import type { ToolSchemaManifest } from '@sprout-ai/core';
import { generateToolSchemaManifest } from './generate-tool-schema-manifest';

const PROJECT = path.join(__dirname, '__fixtures__', 'declaration-order', 'tsconfig.json');
const GENERATION_TIMEOUT_MS = 120_000;

type Schema = { properties: Record<string, Schema>; required?: string[]; items?: Schema; $ref?: string } & Record<
  string,
  unknown
>;

describe('supportDeclarationOrder', () => {
  let manifest: ToolSchemaManifest;
  beforeAll(() => {
    manifest = generateToolSchemaManifest({ project: PROJECT });
  }, GENERATION_TIMEOUT_MS);
  const schema = () => manifest.tools['ShipmentTools.ship'].inputSchema as unknown as Schema;
  const def = (name: string) => (schema().$defs as Record<string, Schema>)[name];
  const names = (node: Schema) => Object.keys(node.properties);

  describe('when objects nest inline, in arrays and in records', () => {
    it('should keep every level in declaration order, required alike', () => {
      const shipment = def('Shipment');
      expect(names(shipment)).toEqual([
        'zip',
        'route',
        'lines',
        'byWarehouse',
        'recipient',
        'parcel',
        'draft',
        'summary',
        'label',
        'extra',
      ]);
      expect(shipment.required).toEqual(names(shipment));
      expect(names(shipment.properties.route)).toEqual(['via', 'stops']);
      expect(names(shipment.properties.route.properties.stops.items as Schema)).toEqual(['when', 'at']);
      expect(names(shipment.properties.lines.items as Schema)).toEqual(['sku', 'amount']);
      expect(names(shipment.properties.byWarehouse.additionalProperties as Schema)).toEqual(['stock', 'bin']);
      expect(names(shipment.properties.extra)).toEqual(['yes', 'also', 'more', 'base']);
    });

    it('should keep the parameters in declaration order', () => {
      expect(Object.keys(schema().properties)).toEqual(['shipment', 'priority', 'courier']);
    });
  });

  describe('when a type extends others', () => {
    it('should list inherited properties first, depth first in extends order, an override where its base put it', () => {
      expect(names(def('Recipient'))).toEqual(['zone', 'name', 'phone', 'email', 'weight', 'alias']);
      expect(def('Recipient').required).toEqual(['zone', 'name', 'phone', 'weight']);
      expect(names(def('FragileParcel'))).toEqual(['width', 'height', 'sticker', 'careLevel']);
      expect(names(def('Labelled_string'))).toEqual(['zone', 'name', 'value', 'caption']);
    });

    it('should keep that order through Partial and Pick', () => {
      expect(names(def('Partial_Recipient'))).toEqual(['zone', 'name', 'phone', 'email', 'weight', 'alias']);
      expect(names(def('Pick_Recipient_weight_zone'))).toEqual(['zone', 'weight']);
    });
  });
});
