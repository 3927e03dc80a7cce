import { FunctionToolCallback, ToolContext, ToolExecutionError } from '@sprout-ai/core';
import { formatToolCallTrace, type ToolCallTrace, TracingToolCallback } from './tracing-tool-callback';

const schema = { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] };

describe(TracingToolCallback, () => {
  describe('.call', () => {
    describe('when the tool returns a result with a code', () => {
      it('should return the result unchanged and report tool, arguments and code', async () => {
        const seen: ToolContext[] = [];
        const delegate = FunctionToolCallback.builder('getOrderStatus', (input: Record<string, unknown>, ctx) => {
          seen.push(ctx);
          return { code: 'OK', orderId: input.orderId };
        })
          .description('status')
          .inputSchema(schema)
          .build();
        const traces: ToolCallTrace[] = [];
        const traced = new TracingToolCallback(delegate, (trace) => traces.push(trace));
        const ctx = new ToolContext({ userId: 'u7' });

        const result = await traced.call('{"orderId":"A123"}', ctx);

        expect(result).toBe(await delegate.call('{"orderId":"A123"}', ctx));
        expect(traced.toolDefinition).toBe(delegate.toolDefinition);
        expect(seen[0].get('userId')).toBe('u7');
        expect(traces).toEqual([
          expect.objectContaining({ tool: 'getOrderStatus', args: '{"orderId":"A123"}', code: 'OK' }),
        ]);
        expect(traces[0].durationMs).toBeGreaterThanOrEqual(0);
      });
    });

    describe('when the result has no code', () => {
      it('should report code -', async () => {
        const delegate = FunctionToolCallback.builder('echo', () => 'plain text')
          .inputSchema({ type: 'object' })
          .build();
        const traces: ToolCallTrace[] = [];
        await new TracingToolCallback(delegate, (trace) => traces.push(trace)).call('{}');
        expect(traces[0].code).toBe('-');
      });
    });

    describe('when the tool throws', () => {
      it('should report code ERROR and rethrow the same error', async () => {
        const delegate = FunctionToolCallback.builder('boom', () => {
          throw new Error('database is down');
        })
          .inputSchema({ type: 'object' })
          .build();
        const traces: ToolCallTrace[] = [];
        const traced = new TracingToolCallback(delegate, (trace) => traces.push(trace));
        await expect(traced.call('{}')).rejects.toBeInstanceOf(ToolExecutionError);
        expect(traces).toEqual([expect.objectContaining({ tool: 'boom', code: 'ERROR' })]);
        expect(traces[0].error).toBeInstanceOf(ToolExecutionError);
      });
    });
  });
});

describe(formatToolCallTrace, () => {
  it('should print one line with tool, compact arguments, code and whole milliseconds', () => {
    const line = formatToolCallTrace({
      tool: 'getOrderStatus',
      args: '{\n "orderId": "A123"\n}',
      code: 'OK',
      durationMs: 2.6,
    });
    expect(line).toBe('tool=getOrderStatus args={"orderId":"A123"} code=OK 3ms');
  });

  it('should quote arguments that are not JSON so the line stays one line', () => {
    const line = formatToolCallTrace({ tool: 't', args: 'not\njson', code: '-', durationMs: 0 });
    expect(line).toBe('tool=t args="not\\njson" code=- 0ms');
  });
});
