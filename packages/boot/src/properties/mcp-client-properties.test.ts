import { errorOf } from '@sprout-ai/test';
import { InvalidPropertyError } from './invalid-property-error';
import { bindMcpClientProperties } from './mcp-client-properties';
import { bindMcpServerProperties } from './mcp-server-properties';
import { SproutProperties } from './sprout-properties';

describe(bindMcpClientProperties, () => {
  it('should read stdio and streamable HTTP connections with Spring keys', () => {
    const config = bindMcpClientProperties(
      SproutProperties.from({
        'spring.ai.mcp.client.request-timeout': '5s',
        'spring.ai.mcp.client.stdio.connections.fs.command': 'npx',
        'spring.ai.mcp.client.stdio.connections.fs.args': '-y, @modelcontextprotocol/server-filesystem, /tmp',
        'spring.ai.mcp.client.stdio.connections.fs.env.LOG_LEVEL': 'debug',
        'spring.ai.mcp.client.stdio.connections.everything.command': 'node',
        'spring.ai.mcp.client.stdio.connections.everything.args[1]': 'stdio',
        'spring.ai.mcp.client.stdio.connections.everything.args[0]': 'index.js',
        'spring.ai.mcp.client.streamable-http.connections.orders.url': 'http://127.0.0.1:3001',
        'spring.ai.mcp.client.streamable-http.connections.orders.headers.Authorization': 'Bearer u7',
        'spring.ai.mcp.client.streamable-http.connections.other.url': 'http://127.0.0.1:3002/custom',
      }),
    );
    expect(config.requestTimeoutMs).toBe(5_000);
    expect(config.connections).toEqual([
      { name: 'everything', transport: { type: 'stdio', command: 'node', args: ['index.js', 'stdio'] } },
      {
        name: 'fs',
        transport: {
          type: 'stdio',
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
          env: { LOG_LEVEL: 'debug' },
        },
      },
      {
        name: 'orders',
        transport: {
          type: 'streamable-http',
          url: 'http://127.0.0.1:3001/mcp',
          headers: { Authorization: 'Bearer u7' },
        },
      },
      { name: 'other', transport: { type: 'streamable-http', url: 'http://127.0.0.1:3002/custom' } },
    ]);
  });

  it('should default to 20 s per request, 60 s to initialize, enabled, and no connections', () => {
    expect(bindMcpClientProperties(SproutProperties.from({}))).toMatchObject({
      enabled: true,
      toolCallbackEnabled: true,
      requestTimeoutMs: 20_000,
      initializationTimeoutMs: 60_000,
      connections: [],
    });
  });

  it('should read sprout.mcp.client.initialization-timeout as a duration', () => {
    const config = bindMcpClientProperties(
      SproutProperties.from({
        'sprout.mcp.client.initialization-timeout': '2m',
        'spring.ai.mcp.client.request-timeout': '5s',
      }),
    );

    expect([config.initializationTimeoutMs, config.requestTimeoutMs]).toEqual([120_000, 5_000]);
  });

  it('should read the OAuth settings of a streamable HTTP connection under sprout.mcp.client', () => {
    const oauth = 'sprout.mcp.client.streamable-http.connections.orders.oauth';
    const config = bindMcpClientProperties(
      SproutProperties.from({
        'spring.ai.mcp.client.streamable-http.connections.orders.url': 'http://127.0.0.1:3001/mcp',
        [`${oauth}.client-id`]: 'sprout',
        [`${oauth}.client-secret`]: 's3cret',
        [`${oauth}.authorization-grant-type`]: 'client_credentials',
        [`${oauth}.client-authentication-method`]: 'client_secret_post',
        [`${oauth}.scope`]: 'orders:read',
      }),
    );

    expect(config.connections[0].transport).toEqual({
      type: 'streamable-http',
      url: 'http://127.0.0.1:3001/mcp',
      oauth: {
        grantType: 'client_credentials',
        clientId: 'sprout',
        clientSecret: 's3cret',
        clientAuthenticationMethod: 'client_secret_post',
        scope: 'orders:read',
      },
    });
  });

  it('should read the identity provider of cross-app access (the jwt-bearer grant)', () => {
    const oauth = 'sprout.mcp.client.streamable-http.connections.crm.oauth';
    const config = bindMcpClientProperties(
      SproutProperties.from({
        'spring.ai.mcp.client.streamable-http.connections.crm.url': 'https://crm.example.com/mcp',
        [`${oauth}.authorization-grant-type`]: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        [`${oauth}.client-id`]: 'sprout',
        [`${oauth}.client-secret`]: 's3cret',
        [`${oauth}.identity-provider.token-uri`]: 'https://idp.example.com/oauth2/token',
        [`${oauth}.identity-provider.client-id`]: 'sprout-at-idp',
        [`${oauth}.identity-provider.client-secret`]: 'idp-s3cret',
      }),
    );

    expect(config.connections[0].transport).toMatchObject({
      oauth: {
        grantType: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        clientId: 'sprout',
        clientSecret: 's3cret',
        identityProvider: {
          tokenUri: 'https://idp.example.com/oauth2/token',
          clientId: 'sprout-at-idp',
          clientSecret: 'idp-s3cret',
        },
      },
    });
  });

  it('should name the missing identity-provider.token-uri of the jwt-bearer grant', () => {
    const oauth = 'sprout.mcp.client.streamable-http.connections.crm.oauth';
    const properties = SproutProperties.from({
      'spring.ai.mcp.client.streamable-http.connections.crm.url': 'https://crm.example.com/mcp',
      [`${oauth}.authorization-grant-type`]: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      [`${oauth}.client-id`]: 'sprout',
    });

    const error = errorOf(() => bindMcpClientProperties(properties), InvalidPropertyError);

    expect(error.message).toContain(`${oauth}.identity-provider.token-uri`);
  });

  it.each([
    [
      'sprout.mcp.client.streamable-http.connections.orders.oauth.authorization-grant-type',
      'password',
      /authorization_code, client_credentials or urn:ietf:params:oauth:grant-type:jwt-bearer/,
    ],
    ['sprout.mcp.client.streamable-http.connections.orders.oauth.client-sekret', 'x', /oauth.client-secret/],
    ['sprout.mcp.client.streamable-http.connections.other.oauth.client-id', 'x', /other.url is not set/],
  ])('should reject %s=%s naming the key', (key, value, message) => {
    const properties = SproutProperties.from({
      'spring.ai.mcp.client.streamable-http.connections.orders.url': 'http://127.0.0.1:3001/mcp',
      [key]: value,
    });
    const error = errorOf(() => bindMcpClientProperties(properties), InvalidPropertyError);
    expect(error.message).toContain(key);
    expect(error.message).toMatch(message);
  });

  it('should not show the value of an unknown OAuth key, which may be a misspelt secret', () => {
    const properties = SproutProperties.from({
      'spring.ai.mcp.client.streamable-http.connections.orders.url': 'http://127.0.0.1:3001/mcp',
      'sprout.mcp.client.streamable-http.connections.orders.oauth.client-sekret': 'hunter2',
    });
    const error = errorOf(() => bindMcpClientProperties(properties), InvalidPropertyError);
    expect(error.message).not.toContain('hunter2');
  });

  it.each([
    [
      'spring.ai.mcp.client.request-timeout',
      'soon',
      /Invalid value 'soon' for property 'spring.ai.mcp.client.request-timeout'.*20s/,
    ],
    ['sprout.mcp.client.initialization-timeout', '0', /'sprout.mcp.client.initialization-timeout'.*positive duration/],
    ['spring.ai.mcp.client.streamable-http.connections.x.url', 'ftp://x', /expected an absolute http\(s\) URL/],
    [
      'spring.ai.mcp.client.stdio.connections.x.args',
      'a',
      /Missing value for property 'spring.ai.mcp.client.stdio.connections.x.command'/,
    ],
  ])('should reject %s=%s naming the key', (key, value, message) => {
    const error = errorOf(() => bindMcpClientProperties(SproutProperties.from({ [key]: value })), InvalidPropertyError);
    expect(error.message).toMatch(message);
  });
});

describe(bindMcpServerProperties, () => {
  it('should read Spring keys with their defaults', () => {
    expect(bindMcpServerProperties(SproutProperties.from({}))).toEqual({
      enabled: true,
      name: 'mcp-server',
      version: '1.0.0',
      instructions: undefined,
      stdio: false,
      stateless: false,
      mcpEndpoint: '/mcp',
      resumable: false,
      retryIntervalMs: 1000,
      eventStoreMaxEvents: 10_000,
      eventStoreTimeToLiveMs: 300_000,
      port: 8080,
      address: '127.0.0.1',
    });
  });

  it('should serve without sessions with protocol=STATELESS', () => {
    expect(
      bindMcpServerProperties(SproutProperties.from({ 'spring.ai.mcp.server.protocol': 'stateless' })),
    ).toMatchObject({ stateless: true });
  });

  it('should reject a protocol other than STREAMABLE and STATELESS', () => {
    expect(() => bindMcpServerProperties(SproutProperties.from({ 'spring.ai.mcp.server.protocol': 'SSE' }))).toThrow(
      /expected STREAMABLE/,
    );
  });
});
