import { ConfigurationError } from '../../error/configuration-error';
import { FunctionToolCallback } from '../function/function-tool-callback';
import { MethodToolCallbackProvider } from '../method/method-tool-callback-provider';
import { ToolSchemaRegistry } from '../schema/tool-schema-registry';
import { Tool } from './tool';

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';

describe(Tool, () => {
  describe("when given approval: 'required'", () => {
    it('should put it on the tool metadata of the method’s callback', () => {
      class DeskTools {
        @Tool({ description: 'Cancel an order', approval: 'required' })
        cancel(): string {
          return 'ok';
        }
      }
      const registry = new ToolSchemaRegistry().register({
        version: 1,
        generator: 'hand-written@test',
        tools: {
          'DeskTools.cancel': {
            className: 'DeskTools',
            methodName: 'cancel',
            sourceFile: 'src/desk.ts',
            parameters: [],
            inputSchema: { $schema: DRAFT, type: 'object', properties: {}, required: [], additionalProperties: false },
            returnsVoid: false,
          },
        },
      });
      const [callback] = MethodToolCallbackProvider.builder()
        .toolObjects(new DeskTools())
        .schemaRegistry(registry)
        .build()
        .getToolCallbacks();
      expect(callback.toolMetadata).toEqual({ returnDirect: false, approval: 'required' });
    });
  });

  describe('when given an approval value that is not allowed', () => {
    it('should fail at class definition, naming the tool', () => {
      expect(() => {
        class Bad {
          @Tool({ approval: 'ask' as never })
          run(): void {}
        }
        return Bad;
      }).toThrow(/@Tool on Bad\.run: approval got 'ask'; expected 'required' or 'none'/);
    });
  });
});

describe(FunctionToolCallback, () => {
  it('should accept approval in its tool metadata and refuse a wrong value', () => {
    const ok = FunctionToolCallback.builder('refund', () => 'done')
      .toolMetadata({ returnDirect: false, approval: 'required' })
      .build();
    expect(ok.toolMetadata.approval).toBe('required');
    expect(() =>
      FunctionToolCallback.builder('refund', () => 'done')
        .toolMetadata({ returnDirect: false, approval: 'yes' as never })
        .build(),
    ).toThrow(ConfigurationError);
  });
});
