import { join } from 'node:path';
import { SproutApplication, SproutTokens } from '@sprout-ai/boot';
import { Tool, type ToolSchemaManifest, ToolSchemaRegistry } from '@sprout-ai/core';
import { ScriptedChatModel, assistantText, assistantToolCalls } from '@sprout-ai/test';
import { ContainerModule, injectable } from 'inversify';

// The built package as a user's code loads it: through node_modules and the exports map to dist/.
describe('@sprout-ai/boot entry', () => {
  @injectable()
  class OrderTools {
    @Tool({ description: 'Status of an order' })
    getOrderStatus(orderId: string): string {
      return `Order ${orderId} has shipped`;
    }
  }
  const manifest: ToolSchemaManifest = {
    version: 1,
    generator: 'hand-written',
    tools: {
      'OrderTools.getOrderStatus': {
        className: 'OrderTools',
        methodName: 'getOrderStatus',
        sourceFile: 'src/package-entry.dist.test.ts',
        parameters: [{ name: 'orderId', index: 0, kind: 'argument', optional: false }],
        inputSchema: {
          type: 'object',
          properties: { orderId: { type: 'string' } },
          required: ['orderId'],
          additionalProperties: false,
        },
        returnsVoid: false,
      },
    },
  };

  it('should resolve to the build', () => {
    expect(require.resolve('@sprout-ai/boot')).toBe(join(__dirname, '../dist/index.js'));
  });

  it('should scan a bound @Tool class and run it in the ChatClient loop', async () => {
    const model = new ScriptedChatModel([
      assistantToolCalls([{ id: 'c1', name: 'getOrderStatus', arguments: { orderId: 'A123' } }]),
      assistantText('It has shipped.'),
    ]);
    const app = await SproutApplication.run({
      propertiesFile: false,
      env: {},
      schemaManifest: manifest,
      schemaRegistry: new ToolSchemaRegistry(),
      modules: [
        new ContainerModule(({ bind }) => {
          bind(SproutTokens.ChatModel).toConstantValue(model);
          bind(OrderTools).toSelf();
        }),
      ],
    });
    try {
      expect(await app.chatClient().prompt('Where is A123?').call().content()).toBe('It has shipped.');
      expect(model.prompts[1].instructions.at(-1)).toMatchObject({
        responses: [{ id: 'c1', name: 'getOrderStatus', responseData: '"Order A123 has shipped"' }],
      });
    } finally {
      await app.close();
    }
  });
});
