import { errorOf } from '@sprout-ai/test';
import type { ToolCallback } from '../tool-callback';
import { assertUniqueToolNames } from './assert-unique-tool-names';
import { DuplicateToolNameError } from './duplicate-tool-name-error';

function callback(name: string, source?: string): ToolCallback {
  return {
    toolDefinition: { name, description: name, inputSchema: '{}' },
    toolMetadata: { returnDirect: false },
    call: () => Promise.resolve('"ok"'),
    source,
  };
}

describe('assertUniqueToolNames', () => {
  it('should accept distinct names', () => {
    expect(() => assertUniqueToolNames([callback('a'), callback('b')])).not.toThrow();
  });

  describe('when names repeat', () => {
    it('should throw DuplicateToolNameError with every duplicated name and its sources', () => {
      const error = errorOf(
        () =>
          assertUniqueToolNames([
            callback('a', 'A.a'),
            callback('b', 'B.b'),
            callback('a', 'C.a'),
            callback('b'),
            callback('c'),
          ]),
        DuplicateToolNameError,
      );
      expect(error).toMatchObject({ names: ['a', 'b'], sources: ['A.a', 'C.a', 'B.b', "tool 'b'"] });
      expect(error.message).toMatch(
        /^Multiple tools with the same name \(a, b\) found in sources: A\.a, C\.a, B\.b, tool 'b'\. /,
      );
    });
  });
});
