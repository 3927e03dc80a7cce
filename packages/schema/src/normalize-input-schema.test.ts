import { DRAFT_2020_12, normalizeInputSchema } from './normalize-input-schema';

describe(normalizeInputSchema, () => {
  describe('when typescript-json-schema gives definitions', () => {
    it('should move them to $defs and rewrite every #/definitions ref, however deep', () => {
      const schema = normalizeInputSchema(
        {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: {
            a: { anyOf: [{ $ref: '#/definitions/A' }, { type: 'null' }] },
            list: { type: 'array', items: { $ref: '#/definitions/A' } },
          },
          definitions: { A: { type: 'object', properties: { b: { $ref: '#/definitions/B' } } }, B: { type: 'string' } },
        },
        [
          { name: 'a', required: true },
          { name: 'list', required: true },
        ],
      );
      expect(schema).toEqual({
        $schema: DRAFT_2020_12,
        type: 'object',
        $defs: {
          A: { type: 'object', properties: { b: { $ref: '#/$defs/B' } }, additionalProperties: false },
          B: { type: 'string' },
        },
        properties: {
          a: { anyOf: [{ $ref: '#/$defs/A' }, { type: 'null' }] },
          list: { type: 'array', items: { $ref: '#/$defs/A' } },
        },
        required: ['a', 'list'],
        additionalProperties: false,
      });
      expect(Object.keys(schema)).toEqual([
        '$schema',
        'type',
        '$defs',
        'properties',
        'required',
        'additionalProperties',
      ]);
    });
  });

  describe('when definition names are generic instantiations', () => {
    it('should give them $defs keys that need no percent-encoding, without clashing', () => {
      const schema = normalizeInputSchema(
        {
          type: 'object',
          properties: {
            a: { $ref: '#/definitions/Pick%3CA%2C%22x%22%3E' },
            b: { $ref: '#/definitions/Pick_A_x' },
          },
          definitions: { 'Pick<A,"x">': { type: 'string' }, Pick_A_x: { type: 'number' } },
        },
        [
          { name: 'a', required: true },
          { name: 'b', required: true },
        ],
      );
      expect(schema.$defs).toEqual({ Pick_A_x_2: { type: 'string' }, Pick_A_x: { type: 'number' } });
      expect(schema.properties).toEqual({ a: { $ref: '#/$defs/Pick_A_x_2' }, b: { $ref: '#/$defs/Pick_A_x' } });
    });
  });

  describe('when nested objects are open or maps', () => {
    it('should close objects with properties in arrays and unions, and keep map value schemas', () => {
      const schema = normalizeInputSchema(
        {
          type: 'object',
          properties: {
            rows: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } },
            either: { anyOf: [{ type: 'object', properties: { x: { type: 'number' } } }, { type: 'string' }] },
            counts: { type: 'object', additionalProperties: { type: 'number' } },
            open: { type: 'object', properties: { y: { type: 'number' } }, additionalProperties: true },
          },
        },
        ['rows', 'either', 'counts', 'open'].map((name) => ({ name, required: true })),
      );
      expect(schema.properties).toEqual({
        rows: {
          type: 'array',
          items: { type: 'object', properties: { id: { type: 'string' } }, additionalProperties: false },
        },
        either: {
          anyOf: [
            { type: 'object', properties: { x: { type: 'number' } }, additionalProperties: false },
            { type: 'string' },
          ],
        },
        counts: { type: 'object', additionalProperties: { type: 'number' } },
        open: { type: 'object', properties: { y: { type: 'number' } }, additionalProperties: true },
      });
    });
  });

  describe('when a parameter is a tuple', () => {
    it('should use draft 2020-12 prefixItems instead of an items array', () => {
      const schema = normalizeInputSchema(
        {
          type: 'object',
          properties: {
            pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }], minItems: 2, maxItems: 2 },
            rest: { type: 'array', items: [{ type: 'string' }], additionalItems: { type: 'number' } },
          },
        },
        [
          { name: 'pair', required: true },
          { name: 'rest', required: true },
        ],
      );
      expect(schema.properties).toEqual({
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], minItems: 2, maxItems: 2 },
        rest: { type: 'array', items: { type: 'number' }, prefixItems: [{ type: 'string' }] },
      });
    });
  });

  describe('when a type is nullable (T | null)', () => {
    it('should list "null" after the written type, however deep', () => {
      const schema = normalizeInputSchema(
        {
          type: 'object',
          properties: {
            note: { type: ['null', 'string'] },
            counts: { type: 'array', items: { type: ['integer', 'null', 'boolean'] } },
          },
          definitions: { Memo: { type: 'object', properties: { at: { type: ['null', 'number'] } } } },
        },
        [
          { name: 'note', required: true },
          { name: 'counts', required: true },
        ],
      );
      expect(schema.properties).toEqual({
        note: { type: ['string', 'null'] },
        counts: { type: 'array', items: { type: ['integer', 'boolean', 'null'] } },
      });
      expect(schema.$defs).toEqual({
        Memo: { type: 'object', properties: { at: { type: ['number', 'null'] } }, additionalProperties: false },
      });
    });
  });

  describe('when parameters have descriptions and optional ones', () => {
    it('should put the description after the type keywords, follow parameter order and list only required ones', () => {
      const schema = normalizeInputSchema(
        {
          type: 'object',
          properties: {
            b: { description: 'from the type', enum: ['x'], type: 'string' },
            a: { type: 'number' },
          },
          required: ['a', 'b'],
        },
        [
          { name: 'a', required: false, description: 'first' },
          { name: 'b', required: true, description: 'second' },
          { name: 'c', required: true },
        ],
      );
      expect(schema.properties).toEqual({
        a: { type: 'number', description: 'first' },
        b: { type: 'string', enum: ['x'], description: 'second' },
        c: {},
      });
      const properties = schema.properties as Record<string, object>;
      expect(Object.keys(properties)).toEqual(['a', 'b', 'c']);
      expect(Object.keys(properties.b)).toEqual(['type', 'enum', 'description']);
      expect(schema.required).toEqual(['b', 'c']);
    });
  });
});
