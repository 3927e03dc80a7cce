import { DefaultToolExecutionExceptionProcessor } from './default-tool-execution-exception-processor';
import { ToolExecutionError } from './tool-execution-error';

const toolDefinition = { name: 'getOrder', description: 'd', inputSchema: '{"type":"object"}' };

class AuthorizationError extends Error {}
class TokenExpiredError extends AuthorizationError {}

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

describe(DefaultToolExecutionExceptionProcessor, () => {
  describe('.process', () => {
    describe('when nothing asks to throw', () => {
      it('should return the error message for the model', () => {
        const error = new ToolExecutionError({ toolDefinition, cause: new Error('order A1 not found') });
        expect(new DefaultToolExecutionExceptionProcessor().process(error)).toBe('order A1 not found');
      });

      it.each([
        ['an Error with an empty message', new TypeError(''), 'TypeError'],
        ['a subclass with a blank message', new TokenExpiredError('  '), 'TokenExpiredError'],
        ['a non-Error value', undefined, 'undefined'],
        ['a plain object', { code: 1 }, 'Object'],
      ])('should name the tool and the cause class when the message is blank (%s)', (_, cause, className) => {
        const error = new ToolExecutionError({ toolDefinition, cause, message: cause === undefined ? '' : undefined });
        expect(new DefaultToolExecutionExceptionProcessor().process(error)).toBe(
          `Exception occurred in tool: getOrder (${className})`,
        );
      });
    });

    describe('when alwaysThrow is set', () => {
      it('should throw the ToolExecutionError itself', () => {
        const error = new ToolExecutionError({ toolDefinition, cause: new Error('boom') });
        const processor = new DefaultToolExecutionExceptionProcessor({ alwaysThrow: true });
        expect(thrownBy(() => processor.process(error))).toBe(error);
      });
    });

    describe('when the cause is an instance of a class in the rethrow list', () => {
      it('should throw the cause itself, subclasses included', () => {
        const cause = new TokenExpiredError('token expired');
        const processor = new DefaultToolExecutionExceptionProcessor({ rethrow: [RangeError, AuthorizationError] });
        expect(thrownBy(() => processor.process(new ToolExecutionError({ toolDefinition, cause })))).toBe(cause);
      });

      it('should prefer rethrowing the cause over alwaysThrow', () => {
        const cause = new AuthorizationError('denied');
        const processor = new DefaultToolExecutionExceptionProcessor({
          alwaysThrow: true,
          rethrow: [AuthorizationError],
        });
        expect(thrownBy(() => processor.process(new ToolExecutionError({ toolDefinition, cause })))).toBe(cause);
      });
    });

    describe('when the cause is not in the rethrow list', () => {
      it('should return the message', () => {
        const processor = new DefaultToolExecutionExceptionProcessor({ rethrow: [AuthorizationError] });
        const error = new ToolExecutionError({ toolDefinition, cause: new RangeError('out of range') });
        expect(processor.process(error)).toBe('out of range');
      });
    });
  });
});
