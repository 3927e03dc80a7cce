import { strictSchemaViolations, toStrictToolSchema } from './strict-tool-schema';

describe(toStrictToolSchema, () => {
  describe('when a schema has optional properties, $defs, $refs with descriptions and extra constraints', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: {
        Address: {
          type: 'object',
          properties: { street: { type: 'string' }, zip: { type: 'string' } },
          required: ['street'],
          additionalProperties: false,
          description: 'A postal address.',
        },
        Color: { type: 'string', enum: ['red', 'green'] },
      },
      properties: {
        query: { type: 'string', minLength: 2, maxLength: 40, description: 'What to look for.' },
        page: { type: 'integer', default: 1 },
        color: { $ref: '#/$defs/Color' },
        address: { $ref: '#/$defs/Address', description: 'Where to.' },
        site: { type: 'string', format: 'uri' },
        note: { type: ['null', 'string'] },
        size: { const: 'L' },
      },
      required: ['query', 'address'],
      additionalProperties: false,
    };

    it('should end a description with a full stop before the constraints note, unless it ends a sentence already', () => {
      const result = toStrictToolSchema({
        type: 'object',
        properties: {
          perPage: { type: 'integer', default: 20, description: 'hits per page' },
          query: { type: 'string', minLength: 2, description: 'What to look for?' },
          city: { type: 'string', maxLength: 40, description: '城市。' },
        },
        required: ['query', 'city'],
        additionalProperties: false,
      });
      expect(result.ok && result.schema.properties).toEqual({
        perPage: { type: ['integer', 'null'], description: 'hits per page. Constraints: default 20.' },
        query: { type: 'string', description: 'What to look for? Constraints: minLength 2.' },
        city: { type: 'string', description: '城市。 Constraints: maxLength 40.' },
      });
    });

    it('should require every property, make the optional ones nullable and close every object', () => {
      expect(toStrictToolSchema(schema)).toEqual({
        ok: true,
        schema: {
          type: 'object',
          properties: {
            query: { type: 'string', description: 'What to look for. Constraints: minLength 2, maxLength 40.' },
            page: { type: ['integer', 'null'], description: 'Constraints: default 1.' },
            color: { anyOf: [{ $ref: '#/$defs/Color' }, { type: 'null' }] },
            address: { anyOf: [{ $ref: '#/$defs/Address' }], description: 'Where to.' },
            site: { type: ['string', 'null'], description: 'Constraints: format uri.' },
            note: { type: ['null', 'string'] },
            size: { type: ['string', 'null'], enum: ['L', null] },
          },
          required: ['query', 'page', 'color', 'address', 'site', 'note', 'size'],
          additionalProperties: false,
          $defs: {
            Address: {
              type: 'object',
              properties: { street: { type: 'string' }, zip: { type: ['string', 'null'] } },
              required: ['street', 'zip'],
              additionalProperties: false,
              description: 'A postal address.',
            },
            Color: { type: 'string', enum: ['red', 'green'] },
          },
        },
      });
    });

    it('should not change its input', () => {
      const copy = JSON.parse(JSON.stringify(schema)) as unknown;
      toStrictToolSchema(schema);
      expect(schema).toEqual(copy);
    });
  });

  describe('when a nullable enum is optional', () => {
    it('should add null to the enum too', () => {
      const result = toStrictToolSchema({
        type: 'object',
        properties: { sort: { type: 'string', enum: ['name', 'price'] } },
        required: [],
      });
      expect(result).toMatchObject({
        ok: true,
        schema: { properties: { sort: { type: ['string', 'null'], enum: ['name', 'price', null] } } },
      });
    });
  });

  describe('when the schema cannot be strict', () => {
    it.each([
      [{ prices: { type: 'object', additionalProperties: { type: 'number' } } }, /#\/properties\/prices: a map/],
      [{ range: { type: 'array', prefixItems: [{ type: 'number' }] } }, /"prefixItems" cannot be strict/],
      [{ either: { oneOf: [{ type: 'string' }, { type: 'number' }] } }, /"oneOf" cannot be strict/],
      [{ both: { allOf: [{ type: 'string' }] } }, /"allOf" cannot be strict/],
      [{ anything: {} }, /#\/properties\/anything: a schema without a type/],
      [{ list: { type: 'array' } }, /an array needs one "items" schema/],
    ])('should report %j and name the place', (properties, problem) => {
      const result = toStrictToolSchema({ type: 'object', properties, required: [] });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.problems.join('; ')).toMatch(problem);
    });

    it('should report a root that is not an object', () => {
      expect(toStrictToolSchema({ type: 'string' })).toEqual({
        ok: false,
        problems: ['#: the root must be {"type":"object"}'],
      });
    });

    it('should report nesting deeper than 10 levels', () => {
      let node: Record<string, unknown> = { type: 'string' };
      for (let i = 0; i < 11; i++) node = { type: 'object', properties: { next: node }, required: ['next'] };
      const result = toStrictToolSchema(node);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.problems.join('; ')).toMatch(/nested deeper than 10 levels/);
    });
  });
});

describe(strictSchemaViolations, () => {
  it('should accept a strict schema', () => {
    expect(
      strictSchemaViolations({
        type: 'object',
        properties: { a: { type: ['string', 'null'] } },
        required: ['a'],
        additionalProperties: false,
      }),
    ).toEqual([]);
  });

  it('should list each broken rule with its place', () => {
    expect(
      strictSchemaViolations({
        type: 'object',
        properties: {
          a: { type: 'string', minLength: 1 },
          b: { $ref: '#/$defs/Missing', description: 'x' },
          c: { type: 'object', properties: {} },
        },
        required: ['a', 'z'],
      }),
    ).toEqual([
      '#: additionalProperties must be false',
      '#/properties/b: "b" is not listed in required',
      '#/properties/c: "c" is not listed in required',
      '#: required lists "z", which is not a property',
      '#/properties/a: the keyword "minLength" is not allowed',
      '#/properties/b: $ref #/$defs/Missing does not resolve',
      '#/properties/b: $ref must stand alone',
      '#/properties/c: additionalProperties must be false',
    ]);
  });
});
