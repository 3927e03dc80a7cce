import { toolDefinition } from '../definition/tool-definition';
import { coerceToolArguments } from './coerce-tool-arguments';
import { InvalidToolArgumentsError } from './invalid-tool-arguments-error';
import { ToolArgumentsParser } from './tool-arguments-parser';
import { ToolExecutionError } from './tool-execution-error';

const schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    Line: {
      type: 'object',
      properties: { quantity: { type: 'integer' }, gift: { type: 'boolean' }, note: { type: 'string' } },
      required: ['quantity'],
      additionalProperties: false,
    },
  },
  properties: {
    price: { type: 'number' },
    quantity: { type: 'integer' },
    express: { type: 'boolean' },
    code: { type: 'string' },
    note: { type: 'string' },
    memo: { type: ['null', 'string'] },
    lines: { type: 'array', items: { $ref: '#/$defs/Line' } },
    main: { anyOf: [{ $ref: '#/$defs/Line' }, { type: 'null' }] },
    range: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }] },
    stock: { type: 'object', additionalProperties: { type: 'integer' } },
  },
  required: ['price'],
  additionalProperties: false,
};

describe(coerceToolArguments, () => {
  describe('when a number or boolean field holds an exact numeric or boolean string', () => {
    it('should coerce it and report the change', () => {
      const result = coerceToolArguments({ price: '4.5', quantity: '4', express: 'true' }, schema);
      expect(result.value).toEqual({ price: 4.5, quantity: 4, express: true });
      expect(result.changes).toEqual(['/price: "4.5" → 4.5', '/quantity: "4" → 4', '/express: "true" → true']);
    });

    it('should coerce inside arrays, $refs, nullable unions, tuples and maps', () => {
      const result = coerceToolArguments(
        {
          price: 1,
          lines: [{ quantity: '2', gift: 'false' }],
          main: { quantity: '3' },
          range: ['1e3', '7'],
          stock: { a: '5' },
        },
        schema,
      );
      expect(result.value).toEqual({
        price: 1,
        lines: [{ quantity: 2, gift: false }],
        main: { quantity: 3 },
        range: [1000, '7'],
        stock: { a: 5 },
      });
    });
  });

  describe('when the string is not exactly a number or boolean', () => {
    it.each([' 4', '4 apples', '0x10', '+4', '04', 'NaN', 'Infinity', '', 'yes', 'TRUE'])(
      'should leave %j as it is',
      (text) => {
        expect(coerceToolArguments({ price: text, express: text }, schema).value).toEqual({
          price: text,
          express: text,
        });
      },
    );

    it('should not read "1" or "0" as a boolean', () => {
      expect(coerceToolArguments({ price: 1, express: '1' }, schema).value).toEqual({ price: 1, express: '1' });
    });

    it('should not turn a fractional string into an integer', () => {
      expect(coerceToolArguments({ price: 1, quantity: '4.5' }, schema).value).toEqual({ price: 1, quantity: '4.5' });
    });

    it('should never change a string field', () => {
      expect(coerceToolArguments({ price: 1, code: '42', note: 'true' }, schema).value).toEqual({
        price: 1,
        code: '42',
        note: 'true',
      });
    });
  });

  describe('when an optional property is null', () => {
    it('should drop it when its schema does not accept null, nested too, and keep it otherwise', () => {
      const result = coerceToolArguments(
        { price: 1, note: null, memo: null, main: null, lines: [{ quantity: 1, note: null }] },
        schema,
      );
      expect(result.value).toEqual({ price: 1, memo: null, main: null, lines: [{ quantity: 1 }] });
      expect(result.changes).toEqual(['/note: null → absent', '/lines/0/note: null → absent']);
    });

    it('should keep null for a required property (validation then names it)', () => {
      expect(coerceToolArguments({ price: null }, schema).value).toEqual({ price: null });
    });
  });

  it('should not modify its input', () => {
    const input = { price: '1', note: null };
    coerceToolArguments(input, schema);
    expect(input).toEqual({ price: '1', note: null });
  });
});

describe(ToolArgumentsParser, () => {
  const parser = new ToolArgumentsParser(toolDefinition({ name: 'order', inputSchema: JSON.stringify(schema) }));

  describe('.parse', () => {
    describe('when a number field is an exact numeric string', () => {
      it('should return the number', () => {
        expect(parser.parse('{"price":"4","quantity":"2","note":null}')).toEqual({ price: 4, quantity: 2 });
      });
    });

    describe('when a number field is any other string', () => {
      it('should fail validation naming the field', () => {
        let error: unknown;
        try {
          parser.parse('{"price":"four","quantity":"2.5"}');
        } catch (caught) {
          error = caught;
        }
        expect(error).toBeInstanceOf(ToolExecutionError);
        const cause = (error as ToolExecutionError).cause as InvalidToolArgumentsError;
        expect(cause.violations).toEqual(['/price must be number', '/quantity must be integer']);
        expect((error as Error).message).toBe(
          "Invalid arguments for tool 'order': /price must be number; /quantity must be integer. Fix the arguments and call the tool again.",
        );
      });
    });
  });
});
