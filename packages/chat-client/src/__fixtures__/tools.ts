import {
  FunctionToolCallback,
  Tool,
  type ToolCallback,
  type ToolContext,
  type ToolSchemaManifest,
  toolSchemaRegistry,
} from '@sprout-ai/core';

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';

const manifest: ToolSchemaManifest = {
  version: 1,
  generator: 'hand-written@chat-client-test',
  tools: {
    'OrderTools.getOrderStatus': {
      className: 'OrderTools',
      methodName: 'getOrderStatus',
      sourceFile: 'src/__fixtures__/tools.ts',
      parameters: [
        { name: 'orderId', index: 0, kind: 'argument', optional: false },
        { name: 'toolContext', index: 1, kind: 'toolContext', optional: false },
      ],
      inputSchema: {
        $schema: DRAFT,
        type: 'object',
        properties: { orderId: { type: 'string' } },
        required: ['orderId'],
        additionalProperties: false,
      },
      returnsVoid: false,
    },
  },
};

/**
 * Declares `OrderTools`, a tool class as users write it, and registers its schema in the shared
 * `toolSchemaRegistry` (as `sprout-schema` would generate it and an application would load it).
 * Nothing is registered when this module is imported; a test calls this for the tools it uses.
 */
export function declareOrderTools() {
  class OrderTools {
    readonly seenCustomers: unknown[] = [];

    @Tool({ description: 'Status of an order' })
    getOrderStatus(orderId: string, toolContext: ToolContext): string {
      this.seenCustomers.push(toolContext.get('customerId'));
      return `Order ${orderId} has shipped`;
    }
  }
  toolSchemaRegistry.register(manifest, 'chat-client test fixture');
  return OrderTools;
}

/** What a recording function tool saw. */
export interface ToolRecord {
  readonly input: Record<string, unknown>;
  readonly context: Readonly<Record<string, unknown>>;
}

/**
 * A function tool that records its calls and answers with `answer(input)`.
 *
 * @param name - the tool name
 * @param answer - the result for an input
 * @param returnDirect - whether the result goes straight to the caller
 */
export function recordingTool(
  name: string,
  answer: (input: Record<string, unknown>) => unknown = () => `${name} done`,
  returnDirect = false,
): ToolCallback & { readonly records: ToolRecord[] } {
  const records: ToolRecord[] = [];
  const callback = FunctionToolCallback.builder(name, (input, context) => {
    records.push({ input, context: context.context });
    return answer(input);
  })
    .description(`The ${name} tool`)
    .inputSchema({ type: 'object', properties: { id: { type: 'string' } } })
    .toolMetadata({ returnDirect })
    .build();
  return Object.assign(callback, { records });
}
