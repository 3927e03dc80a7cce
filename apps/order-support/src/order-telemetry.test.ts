import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { formatSpanTree } from './order-telemetry';

/** Just what formatSpanTree reads of a finished span. */
function span(
  id: string,
  parent: string | undefined,
  name: string,
  startMs: number,
  attributes: Record<string, unknown>,
) {
  return {
    name,
    attributes,
    startTime: [0, startMs * 1e6],
    duration: [0, 5e6],
    spanContext: () => ({ spanId: id, traceId: 't', traceFlags: 1 }),
    parentSpanContext: parent === undefined ? undefined : { spanId: parent, traceId: 't', traceFlags: 1 },
  } as unknown as ReadableSpan;
}

describe(formatSpanTree, () => {
  it("should count Sprout's chat spans as rounds, not a provider SDK's chat span inside one", () => {
    const tree = formatSpanTree(
      [
        span('r', undefined, 'invoke_agent', 0, {
          'gen_ai.operation.name': 'invoke_agent',
          'sprout.loop.end': 'answer',
          'sprout.loop.rounds': 2,
        }),
        span('c1', 'r', 'chat claude-haiku-4-5', 1, {
          'gen_ai.operation.name': 'chat',
          'gen_ai.response.finish_reasons': ['tool_calls'],
        }),
        span('sdk1', 'c1', 'anthropic.messages.create', 2, { 'gen_ai.operation.name': 'chat' }),
        span('t', 'r', 'execute_tool getOrderStatus', 3, {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': 'getOrderStatus',
          'gen_ai.tool.call.id': 'call_1',
          'sprout.tool.outcome': 'success',
        }),
        span('c2', 'r', 'chat claude-haiku-4-5', 4, {
          'gen_ai.operation.name': 'chat',
          'gen_ai.response.finish_reasons': ['stop'],
        }),
        span('sdk2', 'c2', 'anthropic.messages.create', 5, { 'gen_ai.operation.name': 'chat' }),
      ],
      new Map([['call_1', '{"orderId":"A123"}']]),
    );

    expect(tree.split('\n')).toEqual([
      'invoke_agent  5 ms  answer after 2 rounds',
      '├─ round 1: chat claude-haiku-4-5  5 ms  tool_calls',
      '│  └─ anthropic.messages.create  5 ms',
      '├─ tool getOrderStatus {"orderId":"A123"}  success  5 ms',
      '└─ round 2: chat claude-haiku-4-5  5 ms  stop',
      '   └─ anthropic.messages.create  5 ms',
    ]);
  });
});
