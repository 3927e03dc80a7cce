import { ToolSchemaRegistry } from '@sprout-ai/core';
import { McpAuthorizationError, type McpIdentityAssertionProvider } from '@sprout-ai/mcp';
import { ScriptedChatModel } from '@sprout-ai/test';
import { ContainerModule } from 'inversify';
import { FIXTURE_ID_TOKEN, OAuthMcpServer } from '../../../mcp/src/__fixtures__/oauth-mcp-server';
import { McpTokens } from '../mcp-tokens';
import { SproutApplication } from '../sprout-application';
import { SproutTokens } from '../sprout-tokens';
import { McpClientAutoConfiguration } from './mcp-client-auto-configuration';

// A real MCP server and authorization server (with an identity provider) on 127.0.0.1.
jest.setTimeout(30_000);

describe(McpClientAutoConfiguration, () => {
  let server: OAuthMcpServer;
  let app: SproutApplication | undefined;

  beforeEach(async () => {
    server = await OAuthMcpServer.start();
  });

  afterEach(async () => {
    await app?.close();
    app = undefined;
    await server.close();
  });

  function start(identityAssertionProvider?: McpIdentityAssertionProvider): Promise<SproutApplication> {
    const oauth = 'sprout.mcp.client.streamable-http.connections.crm.oauth';
    return SproutApplication.run({
      propertiesFile: false,
      env: {},
      schemaRegistry: new ToolSchemaRegistry(),
      properties: {
        'spring.ai.mcp.client.streamable-http.connections.crm.url': server.mcpUrl,
        [`${oauth}.authorization-grant-type`]: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        [`${oauth}.client-id`]: 'client-1',
        [`${oauth}.client-secret`]: 'secret-1',
        [`${oauth}.identity-provider.token-uri`]: server.idpTokenUrl,
        [`${oauth}.identity-provider.client-id`]: 'idp-client',
      },
      modules: [
        new ContainerModule(({ bind }) => {
          bind(SproutTokens.ChatModel).toConstantValue(new ScriptedChatModel([]));
          if (identityAssertionProvider !== undefined) {
            bind(McpTokens.McpIdentityAssertionProvider).toConstantValue(identityAssertionProvider);
          }
        }),
      ],
    });
  }

  describe('with cross-app access configured by properties', () => {
    it("should connect with the bound McpIdentityAssertionProvider's ID token", async () => {
      app = await start(() => Promise.resolve(FIXTURE_ID_TOKEN));

      const whoami = app
        .get(McpTokens.McpToolCallbackProvider)
        .getToolCallbacks()
        .find((c) => c.toolDefinition.name === 'whoami');

      expect(await whoami?.call('{}')).toBe('token-1');
      expect(server.idpRequests.map((r) => r.params.subject_token)).toEqual([FIXTURE_ID_TOKEN]);
    });

    it('should fail start-up with an McpAuthorizationError when no McpIdentityAssertionProvider is bound', async () => {
      const error: unknown = await start().catch((thrown: unknown) => thrown);

      expect(McpAuthorizationError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain('McpTokens.McpIdentityAssertionProvider');
    });
  });
});
