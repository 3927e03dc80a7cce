import { isBlankToolArguments, repairToolArguments } from './repair-tool-arguments';

/** Blank as JavaScript's `trim()` reads it: spaces, tabs, line breaks, NBSP, BOM, line separators. */
const BLANKS = ['', '   ', '\n', '\t', ' \r\n ', '\t\r\n', '\u00a0', '\ufeff', '\u2028'];

describe(isBlankToolArguments, () => {
  it.each([...BLANKS, undefined, null])('should read %j as blank', (raw) => {
    expect(isBlankToolArguments(raw)).toBe(true);
  });

  it.each(['{}', ' {} ', 'x', '\\n', '""', {}, 0])('should not read %j as blank', (raw) => {
    expect(isBlankToolArguments(raw)).toBe(false);
  });
});

describe(repairToolArguments, () => {
  describe('when the arguments are a valid JSON object text', () => {
    it('should return the text unchanged with no repairs', () => {
      const text = '{ "query" : "refund policy" }';
      expect(repairToolArguments(text)).toEqual({ ok: true, value: { query: 'refund policy' }, text, repairs: [] });
    });
  });

  describe('when the arguments are blank (01-empty-arguments)', () => {
    it.each([...BLANKS, undefined, null])('should read %j as {} without a repair', (raw) => {
      expect(repairToolArguments(raw)).toEqual({ ok: true, value: {}, text: '{}', repairs: [] });
    });
  });

  describe('when the arguments are fenced and followed by special tokens (02-fenced-arguments)', () => {
    it('should cut out the JSON value and record both repairs', () => {
      const raw = '```json\n{"query": "refund policy"}\n```<|tool_call_end|><|tool_calls_end|>';
      expect(repairToolArguments(raw)).toEqual({
        ok: true,
        value: { query: 'refund policy' },
        text: '{"query":"refund policy"}',
        repairs: ['markdown-fence', 'special-tokens'],
      });
    });

    it('should drop prose after the first complete JSON value (variant)', () => {
      const raw = '{"query":"refund policy"}\n\nLet me search for that now.';
      expect(repairToolArguments(raw)).toMatchObject({
        ok: true,
        value: { query: 'refund policy' },
        repairs: ['trailing-text'],
      });
    });

    it.each([
      ['DeepSeek tokens', '{"a":"}"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>', ['special-tokens']],
      ['a closing tag', '{"a":"}"}</tool_call>', ['special-tokens']],
      ['leading text', 'Calling it: {"a":"}"}', ['leading-text']],
      ['a fence without a language', '```\n{"a":"}"}\n```', ['markdown-fence']],
      ['single quotes and a trailing comma', "{'a': '}',}", ['json-syntax']],
    ])('should repair %s', (_label, raw, repairs) => {
      expect(repairToolArguments(raw)).toEqual({ ok: true, value: { a: '}' }, text: '{"a":"}"}', repairs });
    });

    it('should report text that holds no JSON object as not usable, saying it is not valid JSON', () => {
      const result = repairToolArguments('I could not decide which tool to call.');
      expect(result).toMatchObject({ ok: false, truncated: false });
      expect(result.ok || result.problem).toMatch(/^not valid JSON \(.+\): no JSON object found$/);
    });
  });

  describe('when the arguments are JSON-encoded twice or sent as an object (03-double-encoded-arguments)', () => {
    it('should decode tool_call_a and record the repair', () => {
      expect(repairToolArguments('"{\\"districtId\\": \\"370100\\"}"')).toEqual({
        ok: true,
        value: { districtId: '370100' },
        text: '{"districtId":"370100"}',
        repairs: ['double-encoded'],
      });
    });

    it('should serialize tool_call_b and record the repair', () => {
      expect(repairToolArguments({ districtId: '370100' })).toEqual({
        ok: true,
        value: { districtId: '370100' },
        text: '{"districtId":"370100"}',
        repairs: ['object-arguments'],
      });
    });

    it('should decode a double-encoded value followed by special tokens', () => {
      expect(repairToolArguments('"{\\"districtId\\": \\"370100\\"}"<|im_end|>')).toMatchObject({
        ok: true,
        value: { districtId: '370100' },
        repairs: ['special-tokens', 'double-encoded'],
      });
    });

    it.each([
      ['42', 'a number (42)'],
      ['[1,2]', 'an array'],
      ['"370100"', 'a string ("370100")'],
      ['null', 'null'],
      [7, 'a number (7)'],
      [['a'], 'an array'],
    ])('should not accept %j for an object schema', (raw, got) => {
      expect(repairToolArguments(raw)).toEqual({
        ok: false,
        problem: `expected a JSON object, got ${got}`,
        truncated: false,
        repairs: [],
      });
    });
  });

  describe('when the arguments were cut off', () => {
    it.each(['{"path":"a.txt","text":"on', '{"a":[1,2', '{"a":"\\"}'])('should report %j as truncated', (raw) => {
      expect(repairToolArguments(raw)).toMatchObject({ ok: false, truncated: true });
    });
  });
});
