import {
  AugmentedToolCallbackProvider,
  ConfigurationError,
  ToolParam,
  type ToolSchemaManifest,
  ToolSchemaRegistry,
} from '@sprout-ai/core';
import { errorOf } from '@sprout-ai/test';
import { fixtureConnection } from '../__fixtures__/fixture-connections';
import { McpToolCallbackProvider } from './mcp-tool-callback-provider';

// MCP tools wrapped by AugmentedToolCallbackProvider, against the fixture server in a child process.
jest.setTimeout(30_000);

class Reasoning {
  @ToolParam({ description: 'Why you call this tool' })
  innerThought!: string;
}

const registry = new ToolSchemaRegistry().register({
  version: 1,
  generator: 'hand-written@mcp-test',
  argumentTypes: {
    Reasoning: {
      className: 'Reasoning',
      sourceFile: 'src/reasoning.ts',
      inputSchema: {
        type: 'object',
        properties: { innerThought: { type: 'string', description: 'Why you call this tool' } },
        required: ['innerThought'],
        additionalProperties: false,
      },
    },
  },
  tools: {},
} satisfies ToolSchemaManifest);

describe(`${McpToolCallbackProvider.name} wrapped by ${AugmentedToolCallbackProvider.name}`, () => {
  let mcp: McpToolCallbackProvider | undefined;

  afterEach(async () => {
    await mcp?.close();
    mcp = undefined;
  });

  async function listed(tools: object[]): Promise<McpToolCallbackProvider> {
    mcp = await McpToolCallbackProvider.create({
      connections: [fixtureConnection('fixture', { tools, only: true })],
      toolMetadata: () => ({ returnDirect: true, timeoutMs: 5_000 }),
    });
    return mcp;
  }

  const augment = (delegate: McpToolCallbackProvider, thoughts: string[], removeExtra = true) =>
    AugmentedToolCallbackProvider.builder()
      .delegate(delegate)
      .argumentType(Reasoning)
      .argumentConsumer(({ arguments: reasoning }) => void thoughts.push(reasoning.innerThought))
      .removeExtraArgumentsAfterProcessing(removeExtra)
      .schemaRegistry(registry)
      .build();

  it('should send the server only the arguments its tool declares, and keep its metadata', async () => {
    const lookup = {
      name: 'lookup',
      description: 'Find a product',
      inputSchema: {
        type: 'object',
        properties: { sku: { type: 'string' } },
        required: ['sku'],
        additionalProperties: false,
      },
    };
    const thoughts: string[] = [];
    const [callback] = augment(await listed([lookup]), thoughts).getToolCallbacks();

    const result = JSON.parse(await callback.call('{"sku":"X-1","innerThought":"The user named X-1"}')) as {
      arguments: unknown;
    };

    expect(result.arguments).toEqual({ sku: 'X-1' });
    expect(thoughts).toEqual(['The user named X-1']);
    expect(JSON.parse(callback.toolDefinition.inputSchema)).toMatchObject({
      properties: { sku: { type: 'string' }, innerThought: { type: 'string' } },
      required: ['sku', 'innerThought'],
    });
    expect(callback.toolMetadata).toEqual({ returnDirect: true, timeoutMs: 5_000 });
    expect(callback.source).toBe("MCP tool 'lookup' of connection 'fixture', augmented with Reasoning");
  });

  it('should pass the fields on to a server whose tool accepts them when asked to', async () => {
    const open = { name: 'open', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } };
    const [callback] = augment(await listed([open]), [], false).getToolCallbacks();

    const result = JSON.parse(await callback.call('{"text":"hi","innerThought":"why"}')) as { arguments: unknown };

    expect(result.arguments).toEqual({ text: 'hi', innerThought: 'why' });
  });

  it("should fail at build when a field has the name of an MCP tool's parameter, naming both", async () => {
    const explain = {
      name: 'explain',
      inputSchema: { type: 'object', properties: { innerThought: { type: 'string' } } },
    };
    const delegate = await listed([explain]);

    expect(errorOf(() => augment(delegate, []), ConfigurationError).message).toContain(
      "The augmented argument Reasoning.innerThought has the name of parameter 'innerThought' of tool 'explain' (MCP tool 'explain' of connection 'fixture')",
    );
  });
});
