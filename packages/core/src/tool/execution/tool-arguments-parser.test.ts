import { errorOf } from '@sprout-ai/test';
import { InvalidToolSchemaError } from '../schema/invalid-tool-schema-error';
import { toolDefinition } from '../definition/tool-definition';
import { InvalidToolArgumentsError } from './invalid-tool-arguments-error';
import { MAX_TOOL_ARGUMENTS_DEPTH } from './repair-tool-arguments';
import { ToolArgumentsParser } from './tool-arguments-parser';
import { ToolExecutionError } from './tool-execution-error';

const schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    orderId: { type: 'string', minLength: 2 },
    channel: { enum: ['web', 'phone'] },
    email: { type: 'string', format: 'email' },
  },
  required: ['orderId'],
  additionalProperties: false,
};

function parser(inputSchema: unknown = schema, name = 'getOrderStatus'): ToolArgumentsParser {
  return new ToolArgumentsParser(toolDefinition({ name, inputSchema: JSON.stringify(inputSchema) }));
}

describe(ToolArgumentsParser, () => {
  describe('constructor', () => {
    describe('when the schema is JSON but not an object', () => {
      it('should throw an InvalidToolSchemaError naming the tool', () => {
        const error = errorOf(
          () => new ToolArgumentsParser({ name: 'x', description: 'x', inputSchema: '[]' }),
          InvalidToolSchemaError,
        );
        expect(error.toolName).toBe('x');
        expect(error.message).toBe(
          `The input schema of tool 'x' must be a JSON object, got an array. Give a JSON Schema object as text, e.g. {"type":"object","properties":{}}.`,
        );
      });
    });
  });

  describe('.prepare', () => {
    describe('when the arguments nest thousands of levels deep', () => {
      // A recursive schema makes coercion and validation recurse as deep as the data.
      const tree = parser({
        type: 'object',
        properties: { node: { $ref: '#/$defs/node' } },
        $defs: {
          node: {
            anyOf: [
              { type: 'array', items: { $ref: '#/$defs/node' } },
              { type: 'object', additionalProperties: { $ref: '#/$defs/node' } },
              { type: 'number' },
            ],
          },
        },
      });
      const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
      const objects = (depth: number) => '{"k":'.repeat(depth) + '1' + '}'.repeat(depth);
      const deep = 20_000;
      const shapes: [string, unknown][] = [
        ['arrays', `{"node":${arrays(deep)}}`],
        ['objects', `{"node":${objects(deep)}}`],
        ['arrays that never close', `{"node":${'['.repeat(deep)}`],
        ['arrays after a fence and before special tokens', '```json\n{"node":' + arrays(deep) + '}\n```<|end|>'],
        ['arrays in single-quoted JSON (jsonrepair)', `{'node':${arrays(deep)}}`],
        ['arrays double-encoded in a JSON string', JSON.stringify(`{"node":${arrays(deep)}}`)],
        ['arrays sent as an object', { node: JSON.parse(arrays(deep)) as unknown }],
      ];

      it.each(shapes)('should report the depth as the problem, not overflow the stack (%s)', (_shape, raw) => {
        const prepared = tree.prepare(raw);
        expect(prepared.value).toBeUndefined();
        expect(prepared.problem).toBe(
          `the arguments nest arrays and objects deeper than ${MAX_TOOL_ARGUMENTS_DEPTH} levels`,
        );
      });

      it.each([
        ['arrays', arrays],
        ['objects', objects],
      ])(`should still coerce and validate ${MAX_TOOL_ARGUMENTS_DEPTH} levels of %s`, (_shape, nest) => {
        const prepared = tree.prepare(`{"node":${nest(MAX_TOOL_ARGUMENTS_DEPTH - 1)}}`);
        expect(prepared.problem).toBeUndefined();
        expect(prepared.validated).toBe(true);
        expect(prepared.violations).toEqual([]);
      });
    });
  });

  describe('.parse', () => {
    it('should return the arguments object', () => {
      expect(parser().parse('{"orderId":"A1","channel":"web"}')).toEqual({ orderId: 'A1', channel: 'web' });
    });

    it('should read blank input as {}', () => {
      expect(parser({ type: 'object', properties: {} }).parse(' \n\t')).toEqual({});
    });

    describe('when the input violates several rules', () => {
      it('should list every violation with its JSON pointer', () => {
        const error = errorOf(
          () => parser().parse('{"orderId":"A","channel":"fax","email":"nope","x":1}'),
          ToolExecutionError,
        );
        expect(error.cause).toBeInstanceOf(InvalidToolArgumentsError);
        expect((error.cause as InvalidToolArgumentsError).violations).toEqual([
          "(root) must NOT have additional properties ('x')",
          '/orderId must NOT have fewer than 2 characters',
          '/channel must be equal to one of the allowed values: ["web","phone"]',
          '/email must match format "email"',
        ]);
        expect(error.message).toMatch(/^Invalid arguments for tool 'getOrderStatus': \(root\) must NOT/);
      });

      it('should report a wrong type and a missing property together', () => {
        const withTwo = { ...schema, required: ['orderId', 'channel'] };
        const error = errorOf(() => parser(withTwo).parse('{"orderId":7}'), ToolExecutionError);
        expect(error.message).toBe(
          "Invalid arguments for tool 'getOrderStatus': (root) must have required property 'channel'; /orderId must be string. Fix the arguments and call the tool again.",
        );
      });
    });

    describe('when the schema declares another draft', () => {
      it('should still validate with the 2020-12 rules', () => {
        const draft7 = { ...schema, $schema: 'http://json-schema.org/draft-07/schema#' };
        expect(() => parser(draft7, 'mcpTool').parse('{}')).toThrow(
          "Invalid arguments for tool 'mcpTool': (root) must have required property 'orderId'. Fix the arguments and call the tool again.",
        );
      });
    });

    describe('when the schema is not a valid JSON Schema', () => {
      it('should throw an InvalidToolSchemaError naming the tool', () => {
        const error = errorOf(
          () => parser({ type: 'object', properties: { a: { type: 'no-such-type' } } }, 'bad').parse('{}'),
          InvalidToolSchemaError,
        );
        expect(error.toolName).toBe('bad');
        expect(error.message).toMatch(/^The input schema of tool 'bad' is not a valid JSON Schema: /);
      });
    });
  });
});
