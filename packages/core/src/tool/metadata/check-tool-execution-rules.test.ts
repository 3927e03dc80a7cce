import { Tool } from '../annotation/tool';
import { FunctionToolCallback } from '../function/function-tool-callback';
import { ConfigurationError } from '../../error/configuration-error';

describe(Tool, () => {
  describe('when an execution rule has a value that is not allowed', () => {
    it.each([
      [{ timeoutMs: 0 }, '@Tool on Tools.run: timeoutMs got 0; expected a positive integer (milliseconds).'],
      [{ timeoutMs: 1.5 }, '@Tool on Tools.run: timeoutMs got 1.5; expected a positive integer (milliseconds).'],
      [
        { maxResultChars: -2 },
        '@Tool on Tools.run: maxResultChars got -2; expected a positive integer, or -1 for no cap.',
      ],
      [{ concurrency: 'serial' }, "@Tool on Tools.run: concurrency got 'serial'; expected 'parallel' or 'exclusive'."],
    ])('should fail at class definition for %j, naming the setting and what is allowed', (rules, message) => {
      const define = () => {
        class Tools {
          @Tool(rules as never)
          run(): string {
            return 'ok';
          }
        }
        return Tools;
      };
      expect(define).toThrow(ConfigurationError);
      expect(define).toThrow(message);
    });
  });
});

describe(FunctionToolCallback, () => {
  describe('when its metadata has a timeout that is not allowed', () => {
    it('should fail when built', () => {
      const build = () =>
        FunctionToolCallback.builder('slow', () => 'ok')
          .toolMetadata({ returnDirect: false, timeoutMs: -5 })
          .build();
      expect(build).toThrow(
        "FunctionToolCallback 'slow': timeoutMs got -5; expected a positive integer (milliseconds).",
      );
    });
  });
});
