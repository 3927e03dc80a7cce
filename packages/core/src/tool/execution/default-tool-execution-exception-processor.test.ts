import { errorOf } from '@sprout-ai/test';
import { ToolCallTimeoutError } from '../../model/tool/tool-call-timeout-error';
import { ConfigurationError } from '../../error/configuration-error';
import { DefaultToolExecutionExceptionProcessor } from './default-tool-execution-exception-processor';
import { InvalidToolArgumentsError } from './invalid-tool-arguments-error';
import type { ToolErrorDetail } from './tool-error-detail';
import { ToolExecutionError } from './tool-execution-error';

const toolDefinition = { name: 'getOrder', description: 'd', inputSchema: '{"type":"object"}' };

class AuthorizationError extends Error {}
class TokenExpiredError extends AuthorizationError {}

const DB_URL = 'postgres://hotel_admin:Hunter2-S3cret@db.internal:5432';
const refused = (): ToolExecutionError =>
  new ToolExecutionError({ toolDefinition, cause: new Error(`connect ECONNREFUSED ${DB_URL}`), errorId: '3f2b9c1e' });
const invalidArguments = (): ToolExecutionError => {
  const message =
    "Invalid arguments for tool 'getOrder': /qty must be integer. Fix the arguments and call the tool again.";
  const cause = new InvalidToolArgumentsError({ toolName: 'getOrder', violations: ['/qty must be integer'], message });
  return new ToolExecutionError({ toolDefinition, cause, message });
};

describe(DefaultToolExecutionExceptionProcessor, () => {
  describe('.process', () => {
    describe('when nothing asks to throw', () => {
      it('should return the error message for the model, naming the tool and marking it as a failure', () => {
        const error = new ToolExecutionError({ toolDefinition, cause: new Error('timeout') });
        expect(new DefaultToolExecutionExceptionProcessor().process(error)).toBe("Tool 'getOrder' failed: timeout");
      });

      it.each([
        ['an Error with an empty message', new TypeError(''), 'TypeError'],
        ['a subclass with a blank message', new TokenExpiredError('  '), 'TokenExpiredError'],
        ['a non-Error value', undefined, 'undefined'],
        ['a plain object', { code: 1 }, 'Object'],
      ])('should name the tool and the cause class when the message is blank (%s)', (_, cause, className) => {
        const error = new ToolExecutionError({ toolDefinition, cause, message: cause === undefined ? '' : undefined });
        expect(new DefaultToolExecutionExceptionProcessor().process(error)).toBe(
          `Tool 'getOrder' failed (${className}).`,
        );
        expect(new DefaultToolExecutionExceptionProcessor({ detail: 'message' }).process(error)).toBe(
          `Exception occurred in tool: getOrder (${className})`,
        );
      });
    });

    describe("when detail is 'masked' (the default)", () => {
      it('should mask the password of a URL in the message', () => {
        const processor = new DefaultToolExecutionExceptionProcessor();

        const text = processor.process(refused());

        expect(processor.detail).toBe('masked');
        expect(text).toBe("Tool 'getOrder' failed: connect ECONNREFUSED postgres://hotel_admin:***@db.internal:5432");
      });

      it('should mask key=value secrets and tokens', () => {
        const error = new ToolExecutionError({
          toolDefinition,
          cause: new Error('login failed: user=bob password=hunter2 (Authorization: Bearer eyJhbGciOi.x.y)'),
        });
        expect(new DefaultToolExecutionExceptionProcessor({ detail: 'masked' }).process(error)).toBe(
          "Tool 'getOrder' failed: login failed: user=bob password=*** (Authorization: Bearer ***)",
        );
      });
    });

    describe("when detail is 'message'", () => {
      it('should return the message verbatim, as Spring does', () => {
        const processor = new DefaultToolExecutionExceptionProcessor({ detail: 'message' });
        expect(processor.process(refused())).toBe(`connect ECONNREFUSED ${DB_URL}`);
      });
    });

    describe("when detail is 'generic'", () => {
      const processor = new DefaultToolExecutionExceptionProcessor({ detail: 'generic' });

      it('should name only the tool, the error class and the error id', () => {
        const text = processor.process(refused());

        expect(text).toBe("Tool 'getOrder' failed (Error); error id 3f2b9c1e.");
        expect(text).not.toContain('hotel_admin');
      });

      it('should name the class of a subclass or a non-Error cause', () => {
        const typeError = new ToolExecutionError({ toolDefinition, cause: new TypeError('x'), errorId: 'a' });
        const auth = new ToolExecutionError({ toolDefinition, cause: new TokenExpiredError('x'), errorId: 'b' });
        const text = new ToolExecutionError({ toolDefinition, cause: 'boom', errorId: 'c' });
        expect(processor.process(typeError)).toBe("Tool 'getOrder' failed (TypeError); error id a.");
        expect(processor.process(auth)).toBe("Tool 'getOrder' failed (TokenExpiredError); error id b.");
        expect(processor.process(text)).toBe("Tool 'getOrder' failed (string); error id c.");
      });
    });

    describe('when the arguments are invalid (cause InvalidToolArgumentsError)', () => {
      it.each<ToolErrorDetail>(['masked', 'message', 'generic'])(
        "should send Sprout's message for the model to fix its call (detail '%s')",
        (detail) => {
          expect(new DefaultToolExecutionExceptionProcessor({ detail }).process(invalidArguments())).toBe(
            "Invalid arguments for tool 'getOrder': /qty must be integer. Fix the arguments and call the tool again.",
          );
        },
      );

      it('should still mask credentials the arguments carry in generic mode', () => {
        const message = "Invalid arguments for tool 'getOrder': /dsn must match format uri (got db://u:pw@h).";
        const cause = new InvalidToolArgumentsError({ toolName: 'getOrder', violations: [], message });
        const error = new ToolExecutionError({ toolDefinition, cause, message });
        expect(new DefaultToolExecutionExceptionProcessor({ detail: 'generic' }).process(error)).toBe(
          "Invalid arguments for tool 'getOrder': /dsn must match format uri (got db://u:***@h).",
        );
      });
    });

    describe('when the tool timed out (cause ToolCallTimeoutError)', () => {
      it("should send Sprout's timeout message in generic mode too", () => {
        const cause = new ToolCallTimeoutError({ toolName: 'getOrder', timeoutMs: 5000 });
        const error = new ToolExecutionError({ toolDefinition, cause, message: cause.message });
        expect(new DefaultToolExecutionExceptionProcessor({ detail: 'generic' }).process(error)).toBe(
          "Tool 'getOrder' did not finish within 5000 ms and was cancelled. Try again, or answer without this result.",
        );
      });
    });

    describe('when alwaysThrow is set', () => {
      it('should throw the ToolExecutionError itself', () => {
        const error = new ToolExecutionError({ toolDefinition, cause: new Error('boom') });
        const processor = new DefaultToolExecutionExceptionProcessor({ alwaysThrow: true });
        expect(errorOf(() => processor.process(error))).toBe(error);
      });
    });

    describe('when the cause is an instance of a class in the rethrow list', () => {
      it('should throw the cause itself, subclasses included', () => {
        const cause = new TokenExpiredError('token expired');
        const processor = new DefaultToolExecutionExceptionProcessor({ rethrow: [RangeError, AuthorizationError] });
        expect(errorOf(() => processor.process(new ToolExecutionError({ toolDefinition, cause })))).toBe(cause);
      });

      it.each<ToolErrorDetail>(['masked', 'message', 'generic'])(
        "should throw whatever the detail (detail '%s'), and alwaysThrow too",
        (detail) => {
          const cause = new AuthorizationError('denied');
          const rethrowing = new DefaultToolExecutionExceptionProcessor({ detail, rethrow: [AuthorizationError] });
          const throwing = new DefaultToolExecutionExceptionProcessor({ detail, alwaysThrow: true });
          const error = new ToolExecutionError({ toolDefinition, cause });
          expect(errorOf(() => rethrowing.process(error))).toBe(cause);
          expect(errorOf(() => throwing.process(error))).toBe(error);
        },
      );

      it('should prefer rethrowing the cause over alwaysThrow', () => {
        const cause = new AuthorizationError('denied');
        const processor = new DefaultToolExecutionExceptionProcessor({
          alwaysThrow: true,
          rethrow: [AuthorizationError],
        });
        expect(errorOf(() => processor.process(new ToolExecutionError({ toolDefinition, cause })))).toBe(cause);
      });
    });

    describe('when the cause is not in the rethrow list', () => {
      it('should return the message', () => {
        const processor = new DefaultToolExecutionExceptionProcessor({ rethrow: [AuthorizationError] });
        const error = new ToolExecutionError({ toolDefinition, cause: new RangeError('out of range') });
        expect(processor.process(error)).toBe("Tool 'getOrder' failed: out of range");
      });
    });
  });

  describe('constructor', () => {
    it('should reject an unknown detail naming the allowed ones', () => {
      const error = errorOf(
        () => new DefaultToolExecutionExceptionProcessor({ detail: 'full' as ToolErrorDetail }),
        ConfigurationError,
      );
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error).toMatchObject({ setting: 'detail', value: 'full' });
      expect(error.message).toBe(
        "DefaultToolExecutionExceptionProcessor: detail got 'full'; expected one of 'masked', 'message', 'generic'.",
      );
    });
  });
});
