import path from 'node:path';
import type { ToolSchemaManifest } from '@sprout-ai/core';
import { toStrictToolSchema } from '@sprout-ai/openai';
import { generateToolSchemaManifest } from './generate-tool-schema-manifest';
import { supportWrittenLiteralOrder } from './support-written-literal-order';

const PROJECT = path.join(__dirname, '__fixtures__', 'literal-order', 'tsconfig.json');
const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
const GENERATION_TIMEOUT_MS = 120_000;

// The fixture's labels.ts is met by the checker before the tool file, so 'L' has a lower type id than
// 'S' and 'M', and 2 and 1 lower ones than 3: a union's `types` list `'S' | 'M' | 'L'` as L, S, M and
// `3 | 1 | 2` as 2, 1, 3. The schemas must follow the source, neither that order nor a sorted one.
describe(supportWrittenLiteralOrder, () => {
  let manifest: ToolSchemaManifest;
  beforeAll(() => {
    manifest = generateToolSchemaManifest({ project: PROJECT });
  }, GENERATION_TIMEOUT_MS);
  const schema = (key: string): Record<string, unknown> => {
    const entry = manifest.tools[key];
    if (entry === undefined) throw new Error(`no manifest entry ${key}`);
    return entry.inputSchema;
  };

  describe('when a parameter is a literal union, inline or through an alias', () => {
    it('should list the values in written order, also when a literal was met earlier in another file', () => {
      const expected = {
        $schema: DRAFT_2020_12,
        type: 'object',
        $defs: {
          Label: { type: 'string', enum: ['L', 'XL'], description: 'A label size.' },
          Rank: { type: 'number', enum: [2, 1], description: 'A rank.' },
          Size: { type: 'string', enum: ['S', 'M', 'L'], description: 'A size, smallest first.' },
        },
        properties: {
          label: { $ref: '#/$defs/Label' },
          rank: { $ref: '#/$defs/Rank' },
          size: { type: 'string', enum: ['S', 'M', 'L'] },
          answer: { type: 'number', enum: [3, 1, 2] },
          grade: { anyOf: [{ type: 'string', enum: ['b', 'a'] }, { type: 'null' }] },
          alias: { $ref: '#/$defs/Size' },
        },
        required: ['label', 'rank', 'size', 'answer', 'grade', 'alias'],
        additionalProperties: false,
      };
      expect(JSON.stringify(schema('ShopTools.pick'))).toBe(JSON.stringify(expected));
    });
  });

  describe('when a literal union is in an array, a nested interface, an optional parameter or a map', () => {
    it('should list the values in written order there too, in $defs included', () => {
      const expected = {
        $schema: DRAFT_2020_12,
        type: 'object',
        $defs: {
          Parcel: {
            type: 'object',
            properties: {
              size: { type: 'string', enum: ['S', 'M', 'L'] },
              fits: { type: 'array', items: { $ref: '#/$defs/Size' } },
              lane: { anyOf: [{ type: 'string', enum: ['slow', 'fast'] }, { type: 'null' }] },
              care: { type: 'string', enum: ['upright', 'any'] },
              weight: { type: 'number', enum: [3, 1, 2] },
              mode: { anyOf: [{ type: 'string', enum: ['sea', 'air', 'road'] }, { type: 'null' }] },
            },
            required: ['size', 'fits', 'weight', 'mode'],
            additionalProperties: false,
            description: 'A parcel.',
          },
          Size: { type: 'string', enum: ['S', 'M', 'L'], description: 'A size, smallest first.' },
          Mode: { type: 'string', enum: ['sea', 'air', 'road'], description: 'How a parcel travels.' },
        },
        properties: {
          sizes: { type: 'array', items: { type: 'string', enum: ['S', 'M', 'L'] } },
          parcel: { $ref: '#/$defs/Parcel' },
          mode: { $ref: '#/$defs/Mode' },
          fallback: { anyOf: [{ type: 'string', enum: ['sea', 'air', 'road'] }, { type: 'null' }] },
          fit: { type: 'string', enum: ['S', 'M', 'L'] },
        },
        required: ['sizes', 'parcel', 'mode', 'fallback'],
        additionalProperties: false,
      };
      expect(JSON.stringify(schema('ShopTools.ship'))).toBe(JSON.stringify(expected));
      expect((schema('ShopTools.stock').properties as Record<string, unknown>).perCity).toEqual({
        type: 'object',
        additionalProperties: { type: 'string', enum: ['S', 'M', 'L'] },
      });
    });
  });

  describe('when an enum is in a union with null', () => {
    it('should keep the declaration order of its members, as the enum alone does', () => {
      const { $defs, properties } = schema('ShopTools.ship') as {
        $defs: Record<string, { enum?: unknown[] }>;
        properties: Record<string, { anyOf?: { enum?: unknown[] }[] }>;
      };
      expect($defs.Mode.enum).toEqual(['sea', 'air', 'road']);
      expect(properties.fallback.anyOf?.[0].enum).toEqual(['sea', 'air', 'road']);
    });
  });

  describe('when a union is built from generics, other aliases, enum members or type operators', () => {
    it('should list the values in the order the declarations write them', () => {
      const { $defs, properties } = schema('VarietyTools.mix') as {
        $defs: Record<string, { enum?: unknown[] }>;
        properties: Record<string, { enum?: unknown[] }>;
      };
      const enums = Object.fromEntries(Object.entries(properties).map(([name, node]) => [name, node.enum]));
      expect(enums).toEqual({
        first: ['L', 'S'],
        second: ['S', 'L'],
        one: undefined,
        box: undefined,
        picked: ['S', 'M', 'L'],
        members: ['road', 'sea'],
        bigger: ['S', 'M', 'L', 'XL'],
        smaller: ['S', 'L'],
        key: ['size', 'fits', 'lane', 'care', 'weight', 'mode'],
        negative: [-1, -5, 0],
        mixed: ['x', 2, 'a', 1],
      });
      expect(properties.one).toEqual({ $ref: '#/$defs/OneOf_b_a' });
      expect($defs.OneOf_b_a.enum).toEqual(['b', 'a', 'none']);
      // typescript-json-schema names the instantiation's $defs from the checker's order (Box<"b" | "c">).
      expect(properties.box).toEqual({ $ref: '#/$defs/Box_b_c' });
      expect($defs['Box.T'].enum).toEqual(['c', 'b']);
    });
  });

  describe('when the schema is rewritten for OpenAI strict mode', () => {
    it('should add null after the values in written order to optional literal unions', () => {
      const { $schema, ...parameters } = schema('ShopTools.ship');
      void $schema;
      const result = toStrictToolSchema(parameters);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.schema).toMatchObject({
        properties: { fit: { type: ['string', 'null'], enum: ['S', 'M', 'L', null] } },
        $defs: {
          Parcel: {
            properties: {
              care: { type: ['string', 'null'], enum: ['upright', 'any', null] },
              lane: { anyOf: [{ type: 'string', enum: ['slow', 'fast'] }, { type: 'null' }] },
            },
            required: ['size', 'fits', 'lane', 'care', 'weight', 'mode'],
          },
        },
      });
    });
  });
});
