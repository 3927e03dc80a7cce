import { ToolExecutionError } from './tool-execution-error';

const toolDefinition = { name: 'getOrder', description: 'd', inputSchema: '{"type":"object"}' };

describe(ToolExecutionError, () => {
  describe('.errorId', () => {
    it('should be 8 hex digits, fixed at construction and different for each failure', () => {
      const error = new ToolExecutionError({ toolDefinition, cause: new Error('boom') });
      const other = new ToolExecutionError({ toolDefinition, cause: new Error('boom') });

      expect(error.errorId).toMatch(/^[0-9a-f]{8}$/);
      expect(error.errorId).toBe(error.errorId);
      expect(other.errorId).not.toBe(error.errorId);
    });

    it('should keep an id given in the options', () => {
      expect(new ToolExecutionError({ toolDefinition, cause: 'x', errorId: 'req-42' }).errorId).toBe('req-42');
    });
  });

  it('should take its message from the cause unless one is given', () => {
    expect(new ToolExecutionError({ toolDefinition, cause: new TypeError('bad') }).message).toBe('bad');
    expect(new ToolExecutionError({ toolDefinition, cause: 'text' }).message).toBe('text');
    expect(new ToolExecutionError({ toolDefinition, cause: 42, message: 'own' }).message).toBe('own');
  });
});
