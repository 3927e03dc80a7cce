import { toolDefinition, ToolExecutionError } from '@sprout-ai/core';
import { ToolArgumentsParser } from '@sprout-ai/core/internal';
import { loadCase } from '../__fixtures__/cases';
import { normalizeMcpInputSchema } from './normalize-mcp-input-schema';

describe(normalizeMcpInputSchema, () => {
  it('should follow 01-schema-without-properties: object type, empty properties and required', () => {
    const { tools_list: tools = [] } = loadCase('01-schema-without-properties');
    for (const tool of tools) {
      expect(normalizeMcpInputSchema(tool.inputSchema)).toEqual({ type: 'object', properties: {}, required: [] });
    }
  });

  describe('when the schema is missing or not an object', () => {
    it.each([undefined, null, [], 'text'])('should give an empty object schema for %p', (input) => {
      expect(normalizeMcpInputSchema(input)).toEqual({ type: 'object', properties: {}, required: [] });
    });
  });

  describe('when the schema has no type but properties', () => {
    it('should add type object and keep the properties and required names', () => {
      const schema = normalizeMcpInputSchema({ properties: { a: { type: 'number' } }, required: ['a', 7] });
      expect(schema).toEqual({ type: 'object', properties: { a: { type: 'number' } }, required: ['a'] });
    });
  });

  describe('when the schema declares draft-07', () => {
    it('should drop $schema and turn tuple items into prefixItems', () => {
      const schema = normalizeMcpInputSchema({
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: {
          point: { type: 'array', items: [{ type: 'number' }, { type: 'number' }], additionalItems: false },
        },
      });
      expect(schema).toEqual({
        type: 'object',
        properties: { point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false } },
        required: [],
      });
    });

    it('should keep a draft 2020-12 $schema', () => {
      const $schema = 'https://json-schema.org/draft/2020-12/schema';
      expect(normalizeMcpInputSchema({ $schema, type: 'object', properties: {} }).$schema).toBe($schema);
    });
  });

  describe('when the schema uses $defs and $ref', () => {
    it('should inline non-recursive references from $defs and definitions', () => {
      const schema = normalizeMcpInputSchema({
        type: 'object',
        properties: { from: { $ref: '#/$defs/Address' }, to: { $ref: '#/definitions/Address', description: 'Target' } },
        $defs: { Address: { type: 'object', properties: { city: { type: 'string' } } } },
        definitions: { Address: { type: 'object', properties: { city: { type: 'string' } } } },
      });
      expect(schema).toEqual({
        type: 'object',
        properties: {
          from: { type: 'object', properties: { city: { type: 'string' } } },
          to: { type: 'object', properties: { city: { type: 'string' } }, description: 'Target' },
        },
        required: [],
      });
    });

    it('should keep a recursive reference as a $ref to a root $defs entry (recursion guard)', () => {
      const schema = normalizeMcpInputSchema({
        type: 'object',
        properties: { tree: { $ref: '#/definitions/Node' } },
        definitions: {
          Node: {
            type: 'object',
            properties: {
              value: { type: 'string' },
              children: { type: 'array', items: { $ref: '#/definitions/Node' } },
            },
          },
        },
      });
      expect(schema.$defs).toEqual({
        Node: {
          type: 'object',
          properties: { value: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
        },
      });
      expect(JSON.stringify(schema)).not.toContain('#/definitions/');
      const parser = new ToolArgumentsParser(toolDefinition({ name: 'tree', inputSchema: JSON.stringify(schema) }));
      expect(parser.parse('{"tree":{"value":"a","children":[{"value":"b","children":[]}]}}')).toBeDefined();
      expect(() => parser.parse('{"tree":{"value":"a","children":[{"value":3}]}}')).toThrow(ToolExecutionError);
    });

    it('should replace a reference that cannot be resolved by an unconstrained schema', () => {
      const schema = normalizeMcpInputSchema({
        type: 'object',
        properties: { a: { $ref: 'https://example.com/schema.json' }, b: { $ref: '#/$defs/Missing' } },
      });
      expect(schema.properties).toEqual({ a: {}, b: {} });
    });
  });

  describe('when definitions reference each other many times (fan-out)', () => {
    /** `L0` … `L<depth-1>` each reference the next level four times; the last level is an integer. */
    function fanOutChain(depth: number, container: '$defs' | 'definitions' = '$defs'): Record<string, unknown> {
      const defs: Record<string, unknown> = {};
      for (let i = 0; i < depth; i++) {
        const next = { $ref: `#/${container}/L${i + 1}` };
        defs[`L${i}`] = {
          type: 'object',
          properties: { a: next, b: next, c: next, d: next },
          required: ['a'],
          additionalProperties: false,
        };
      }
      defs[`L${depth}`] = { type: 'integer' };
      return {
        type: 'object',
        properties: { root: { $ref: `#/${container}/L0` } },
        required: ['root'],
        [container]: defs,
      };
    }

    /** A valid `L<level>` instance that only follows `a`. */
    function minimal(level: number, depth: number): unknown {
      return level === depth ? 0 : { a: minimal(level + 1, depth) };
    }

    /** An instance going `depth` levels down through `key`, ending with `leaf` (and `a` wherever required). */
    function deepInstance(depth: number, key: string, leaf: unknown, chainDepth = depth): unknown {
      let value: unknown = leaf;
      for (let level = depth - 1; level >= 0; level--) {
        value = key === 'a' ? { a: value } : { a: minimal(level + 1, chainDepth), [key]: value };
      }
      return { root: value };
    }

    function parserFor(schema: Record<string, unknown>): ToolArgumentsParser {
      return new ToolArgumentsParser(toolDefinition({ name: 'chain', inputSchema: JSON.stringify(schema) }));
    }

    it.each([12, 20])('should keep the output small for a chain of depth %i and still validate it deeply', (depth) => {
      const input = fanOutChain(depth);

      const schema = normalizeMcpInputSchema(input);

      expect(JSON.stringify(schema).length).toBeLessThan(50_000);
      expect(JSON.stringify(schema)).not.toContain('#/definitions/');
      const parser = parserFor(schema);
      const original = parserFor(input); // ajv 2020 on the schema as the server sent it
      const valid = [deepInstance(depth, 'a', 7), deepInstance(depth, 'd', 7), deepInstance(depth, 'c', -1)];
      const invalid = [
        deepInstance(depth, 'd', 'seven'), // wrong type at the deepest level
        deepInstance(depth, 'b', 1.5), // not an integer at the deepest level
        deepInstance(depth - 1, 'd', { b: 1 }, depth), // the required `a` missing at the last object level
        deepInstance(depth - 1, 'c', { a: 1, e: 1 }, depth), // an unknown property at the last object level
      ];
      for (const instance of valid) {
        expect(original.parse(JSON.stringify(instance))).toEqual(instance);
        expect(parser.parse(JSON.stringify(instance))).toEqual(instance);
      }
      for (const instance of invalid) {
        expect(() => original.parse(JSON.stringify(instance))).toThrow(ToolExecutionError);
        expect(() => parser.parse(JSON.stringify(instance))).toThrow(ToolExecutionError);
      }
    });

    it('should keep the output linear in the input for a draft-07 definitions chain of depth 200', () => {
      const input = fanOutChain(200, 'definitions');

      const schema = normalizeMcpInputSchema(input);

      expect(JSON.stringify(schema).length).toBeLessThan(4 * JSON.stringify(input).length);
      expect(JSON.stringify(schema)).not.toContain('#/definitions/');
      expect(parserFor(schema).parse(JSON.stringify(deepInstance(200, 'd', 1)))).toBeDefined();
      expect(() => parserFor(schema).parse(JSON.stringify(deepInstance(200, 'd', 'x')))).toThrow(ToolExecutionError);
    });

    it('should bound the output when many properties reference one large definition', () => {
      const big = {
        type: 'object',
        properties: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, { type: 'string' }])),
      };
      const properties = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}`, { $ref: '#/$defs/Big' }]));

      const schema = normalizeMcpInputSchema({ type: 'object', properties, $defs: { Big: big } });

      expect(JSON.stringify(schema).length).toBeLessThan(JSON.stringify(big).length * 15);
      expect(schema.$defs).toEqual({ Big: big });
      expect((schema.properties as Record<string, unknown>).p0).toEqual(big);
      expect((schema.properties as Record<string, unknown>).p99).toEqual({ $ref: '#/$defs/Big' });
      const parser = parserFor(schema);
      expect(() => parser.parse('{"p0":{"f49":1}}')).toThrow(ToolExecutionError);
      expect(() => parser.parse('{"p99":{"f49":1}}')).toThrow(ToolExecutionError);
      expect(parser.parse('{"p99":{"f49":"x"}}')).toEqual({ p99: { f49: 'x' } });
    });

    it('should keep references that only point at each other as an unconstrained schema', () => {
      const schema = normalizeMcpInputSchema({
        type: 'object',
        properties: { x: { $ref: '#/$defs/A' } },
        $defs: { A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/A' } },
      });
      expect(schema.properties).toEqual({ x: {} });
    });
  });

  describe('when $defs and definitions have an entry with the same name', () => {
    const input = {
      type: 'object',
      properties: { modern: { $ref: '#/$defs/N' }, legacy: { $ref: '#/definitions/N' } },
      required: ['modern', 'legacy'],
      $defs: { N: { type: 'object', properties: { s: { type: 'string' }, next: { $ref: '#/$defs/N' } } } },
      definitions: { N: { type: 'object', properties: { i: { type: 'integer' }, next: { $ref: '#/definitions/N' } } } },
    };

    it('should keep both targets under different names and rewrite the references', () => {
      const schema = normalizeMcpInputSchema(input);

      expect(Object.keys(schema.$defs as object).sort()).toEqual(['N', 'N_definitions']);
      expect(schema.$defs).toEqual({
        N: { type: 'object', properties: { s: { type: 'string' }, next: { $ref: '#/$defs/N' } } },
        N_definitions: {
          type: 'object',
          properties: { i: { type: 'integer' }, next: { $ref: '#/$defs/N_definitions' } },
        },
      });
    });

    it('should validate each property against its own target', () => {
      const parser = new ToolArgumentsParser(
        toolDefinition({ name: 'both', inputSchema: JSON.stringify(normalizeMcpInputSchema(input)) }),
      );
      const ok = { modern: { s: 'a', next: { s: 'b' } }, legacy: { i: 1, next: { i: 2 } } };
      expect(parser.parse(JSON.stringify(ok))).toEqual(ok);
      expect(() => parser.parse('{"modern":{"s":"a"},"legacy":{"i":1,"next":{"i":"two"}}}')).toThrow(
        ToolExecutionError,
      );
      expect(() => parser.parse('{"modern":{"s":"a","next":{"s":2}},"legacy":{"i":1}}')).toThrow(ToolExecutionError);
    });

    it('should keep them apart when both are inlined', () => {
      const schema = normalizeMcpInputSchema({
        properties: { a: { $ref: '#/$defs/N' }, b: { $ref: '#/definitions/N' } },
        $defs: { N: { type: 'string' } },
        definitions: { N: { type: 'integer' } },
      });
      expect(schema.properties).toEqual({ a: { type: 'string' }, b: { type: 'integer' } });
    });

    it('should give a kept target a free name when its own name is taken by another $defs entry', () => {
      const schema = normalizeMcpInputSchema({
        properties: { a: { $ref: '#/definitions/N' }, b: { $ref: '#/$defs/N_definitions' } },
        $defs: {
          N: { type: 'string' },
          N_definitions: { type: 'object', properties: { self: { $ref: '#/$defs/N_definitions' } } },
        },
        definitions: { N: { type: 'object', properties: { self: { $ref: '#/definitions/N' } } } },
      });
      expect(schema.$defs).toEqual({
        N_definitions_2: { type: 'object', properties: { self: { $ref: '#/$defs/N_definitions_2' } } },
        N_definitions: { type: 'object', properties: { self: { $ref: '#/$defs/N_definitions' } } },
      });
    });
  });

  it('should not change the input', () => {
    const input = { properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { type: 'string' } } };
    const copy = structuredClone(input);
    normalizeMcpInputSchema(input);
    expect(input).toEqual(copy);
  });
});
