import { ToolArgumentsParser, toolDefinition, ToolExecutionError } from '@sprout-ai/core';
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

  it('should not change the input', () => {
    const input = { properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { type: 'string' } } };
    const copy = structuredClone(input);
    normalizeMcpInputSchema(input);
    expect(input).toEqual(copy);
  });
});
