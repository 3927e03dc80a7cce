import type { AnthropicWireRequest, WireChatRequest } from '@sprout-ai/test';
import { anthropicDemoModel } from './anthropic-demo-model';
import { demoModel, extractOrderId } from './demo-model';

const tools = [{ type: 'function', function: { name: 'getOrderStatus', parameters: { type: 'object' } } }];

function afterTool(result: unknown, orderId = 'A123'): WireChatRequest {
  return {
    messages: [
      { role: 'user', content: `订单 ${orderId} 发货了吗？` },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'getOrderStatus', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: JSON.stringify(result) },
    ],
    tools,
  };
}

describe('extractOrderId', () => {
  it.each([
    ['订单 A123 发货了吗？', 'A123'],
    ['订单A200发货了吗', 'A200'],
    ['u7 asks about a124 please', 'a124'],
    ['订单 xxx 发货了吗？', 'xxx'],
    ['我的订单呢？', ''],
  ])('should pick %p → %p', (text, expected) => {
    expect(extractOrderId(text)).toBe(expected);
  });
});

describe('demoModel', () => {
  describe('when the user asks and getOrderStatus is offered', () => {
    it('should call getOrderStatus with the order id from the text', () => {
      const reply = demoModel({ messages: [{ role: 'user', content: '订单 A123 发货了吗？' }], tools });
      const call = reply.choices[0].message.tool_calls?.[0];
      expect(call?.function.name).toBe('getOrderStatus');
      expect(JSON.parse(String(call?.function.arguments))).toEqual({ orderId: 'A123' });
      expect(reply.choices[0].finish_reason).toBe('tool_calls');
    });

    it('should give its reasoning too when the tool’s schema asks for an innerThought (--log-reasoning)', () => {
      const augmented = [
        {
          type: 'function',
          function: {
            name: 'getOrderStatus',
            parameters: { type: 'object', properties: { orderId: {}, innerThought: { type: 'string' } } },
          },
        },
      ];
      const reply = demoModel({ messages: [{ role: 'user', content: '订单 A123 发货了吗？' }], tools: augmented });
      expect(JSON.parse(String(reply.choices[0].message.tool_calls?.[0].function.arguments))).toEqual({
        orderId: 'A123',
        innerThought: '用户想知道订单 A123 的发货状态，所以查询它。',
      });
    });
  });

  describe('when the last message is a tool result', () => {
    it('should state the status the tool returned', () => {
      const reply = demoModel(afterTool({ code: 'OK', orderId: 'A123', status: '某个状态' }));
      expect(reply.choices[0].message.content).toBe('订单 A123 当前状态：某个状态。');
    });

    it.each([
      ['INVALID_ID', /格式不正确/],
      ['AUTH_REQUIRED', /请先登录/],
      ['NOT_FOUND_OR_FORBIDDEN', /没有找到订单 A123/],
    ])('should explain %s', (code, expected) => {
      const reply = demoModel(afterTool({ code, orderId: 'A123' }));
      expect(reply.choices[0].message.content).toMatch(expected);
    });

    it('should pass on a tool error text it does not understand', () => {
      const reply = demoModel(afterTool('boom'));
      expect(reply.choices[0].message.content).toContain('boom');
    });
  });

  describe('when only the tool-search advisor’s toolSearchTool is offered (--tool-search)', () => {
    const search = [{ type: 'function', function: { name: 'toolSearchTool', parameters: { type: 'object' } } }];

    it('should search for its one skill instead of answering', () => {
      const reply = demoModel({ messages: [{ role: 'user', content: '订单 A123 发货了吗？' }], tools: search });
      const call = reply.choices[0].message.tool_calls?.[0];
      expect(call?.function.name).toBe('toolSearchTool');
      expect(JSON.parse(String(call?.function.arguments))).toEqual({ query: 'order shipping status' });
    });

    it('should call getOrderStatus once the search made it available, with the id from the question', () => {
      const request: WireChatRequest = {
        messages: [
          { role: 'user', content: '订单 A200 发货了吗？' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 's1', type: 'function', function: { name: 'toolSearchTool', arguments: '{}' } }],
          },
          { role: 'tool', tool_call_id: 's1', content: '["getOrderStatus"]' },
        ],
        tools: [...search, ...tools],
      };
      const call = demoModel(request).choices[0].message.tool_calls?.[0];
      expect(call?.function.name).toBe('getOrderStatus');
      expect(JSON.parse(String(call?.function.arguments))).toEqual({ orderId: 'A200' });
    });

    it('should say so when the search did not find the tool', () => {
      const request: WireChatRequest = {
        messages: [
          { role: 'user', content: '订单 A200 发货了吗？' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 's1', type: 'function', function: { name: 'toolSearchTool', arguments: '{}' } }],
          },
          { role: 'tool', tool_call_id: 's1', content: '[]' },
        ],
        tools: search,
      };
      expect(demoModel(request).choices[0].message.content).toContain('没有找到');
    });
  });

  describe('when no tool is offered', () => {
    it('should answer in plain text that repeats the question', () => {
      const reply = demoModel({ messages: [{ role: 'user', content: '你好' }] });
      expect(reply.choices[0].message.tool_calls).toBeUndefined();
      expect(reply.choices[0].message.content).toContain('你好');
    });
  });
});

describe('anthropicDemoModel', () => {
  const anthropicTools = [{ name: 'getOrderStatus', input_schema: { type: 'object' } }];

  it('should call getOrderStatus in a tool_use block with the order id from the text', () => {
    const reply = anthropicDemoModel({
      messages: [{ role: 'user', content: '订单 A123 发货了吗？' }],
      tools: anthropicTools,
    });

    expect(reply.stop_reason).toBe('tool_use');
    expect(reply.content).toEqual([
      expect.objectContaining({ type: 'tool_use', name: 'getOrderStatus', input: { orderId: 'A123' } }),
    ]);
  });

  it('should answer from the tool_result blocks of the last user message', () => {
    const request: AnthropicWireRequest = {
      messages: [
        { role: 'user', content: '订单 A123 发货了吗？' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'getOrderStatus', input: {} }] },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 't1',
              content: JSON.stringify({ code: 'OK', orderId: 'A123', status: '运输中' }),
            },
          ],
        },
      ],
      tools: anthropicTools,
    };

    expect(anthropicDemoModel(request).content).toEqual([{ type: 'text', text: '订单 A123 当前状态：运输中。' }]);
  });

  it('should not call the tool when tool_choice is none', () => {
    const reply = anthropicDemoModel({
      messages: [{ role: 'user', content: '你好' }],
      tools: anthropicTools,
      tool_choice: { type: 'none' },
    });

    expect(reply.content).toEqual([{ type: 'text', text: expect.stringContaining('你好') }]);
  });
});
