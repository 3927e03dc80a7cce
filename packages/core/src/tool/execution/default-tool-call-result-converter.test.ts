import { DefaultToolCallResultConverter } from './default-tool-call-result-converter';

describe(DefaultToolCallResultConverter, () => {
  const converter = new DefaultToolCallResultConverter({ toolName: 'setAlarm' });

  describe('.convert', () => {
    describe('06-void-result: a tool that returns nothing', () => {
      it('should return the JSON string "Done" when the method returns void', () => {
        expect(converter.convert('ignored', true)).toBe('"Done"');
      });

      it('should return "Done" when the result is undefined', () => {
        expect(converter.convert(undefined, false)).toBe('"Done"');
      });

      it('should return the JSON text null when the result is null', () => {
        expect(converter.convert(null, false)).toBe('null');
      });

      it('should return the ISO string of a Date, JSON-quoted', () => {
        expect(converter.convert(new Date('2025-03-01T07:00:00Z'), false)).toBe('"2025-03-01T07:00:00.000Z"');
      });

      it('should return the decimal digits of a bigint as a JSON string', () => {
        expect(converter.convert(9007199254740993n, false)).toBe('"9007199254740993"');
      });

      it('should throw an error naming the tool for a cyclic object', () => {
        const cyclic: Record<string, unknown> = { name: 'loop' };
        cyclic.self = cyclic;
        expect(() => converter.convert(cyclic, false)).toThrow(
          /^Result of tool 'setAlarm' cannot be serialised to JSON: cyclic reference \(/,
        );
      });

      it('should return "" for an empty string', () => {
        expect(converter.convert('', false)).toBe('""');
      });
    });

    describe('when the result is a string', () => {
      it.each([['{"a":1}'], ['[1,2]'], ['42'], ['true'], ['"quoted"'], [' {"a": 1} ']])(
        'should pass valid JSON %j through verbatim',
        (text) => {
          expect(converter.convert(text, false)).toBe(text);
        },
      );

      it('should JSON-quote other text, keeping non-ASCII readable', () => {
        expect(converter.convert('Zustellung für Müller: "heute"', false)).toBe('"Zustellung für Müller: \\"heute\\""');
      });

      it('should quote text that only starts with JSON', () => {
        expect(converter.convert('3 items: [a, b, c]', false)).toBe('"3 items: [a, b, c]"');
      });
    });

    describe('when the result is other data', () => {
      it('should serialise objects, numbers and booleans with JSON.stringify', () => {
        expect(converter.convert({ status: 'shipped', items: [1, 2] }, false)).toBe(
          '{"status":"shipped","items":[1,2]}',
        );
        expect(converter.convert(3.5, false)).toBe('3.5');
        expect(converter.convert(false, false)).toBe('false');
      });

      it('should turn a Map into an object and a Set into an array, also nested', () => {
        const value = { byId: new Map([['a', 1]]), tags: new Set(['x', 'y']), big: 1n };
        expect(converter.convert(value, false)).toBe('{"byId":{"a":1},"tags":["x","y"],"big":"1"}');
      });

      it('should throw for a function', () => {
        expect(() => converter.convert(() => 1, false)).toThrow(
          "Result of tool 'setAlarm' cannot be serialised to JSON: a function is not JSON data.",
        );
      });

      it.each([
        ['an async generator', (async function* () {})(), 'a stream (an async iterable)'],
        ['a web ReadableStream', new ReadableStream(), 'a stream (an async iterable)'],
        ['an rxjs-style Observable', { '@@observable': () => undefined, subscribe: () => undefined }, 'an Observable'],
        ['a generator object', (function* () {})(), 'an iterator'],
      ])('should throw for %s, which yields values over time, instead of sending {}', (_name, value, kind) => {
        expect(() => converter.convert(value, false)).toThrow(
          `Result of tool 'setAlarm' cannot be serialised to JSON: ${kind} is not JSON data, and the model reads one result per call; collect its values.`,
        );
      });

      it('should throw for an invalid Date', () => {
        expect(() => converter.convert(new Date('nope'), false)).toThrow(
          "Result of tool 'setAlarm' cannot be serialised to JSON: invalid Date.",
        );
      });
    });

    describe('when no tool name is given', () => {
      it('should say "Tool result" in errors', () => {
        expect(() => new DefaultToolCallResultConverter().convert(Symbol('s'), false)).toThrow(
          /^Tool result cannot be serialised to JSON: a symbol is not JSON data\./,
        );
      });
    });
  });
});
