import {
  DEFAULT_MCP_CONNECT_TIMEOUT_MS,
  type McpOAuthOptions,
  DEFAULT_MCP_REQUEST_TIMEOUT_MS,
  MCP_JWT_BEARER_GRANT_TYPE,
  type McpTransportConfig,
  SPROUT_MCP_CLIENT_INFO,
} from '@sprout-ai/mcp';
import { InvalidPropertyError } from './invalid-property-error';
import type { SproutProperties } from './sprout-properties';

/** Scalar keys of the `spring.ai.mcp.client.*` group. */
export const MCP_CLIENT_PROPERTY_KEYS = {
  enabled: 'spring.ai.mcp.client.enabled',
  toolCallbackEnabled: 'spring.ai.mcp.client.toolcallback.enabled',
  requestTimeout: 'spring.ai.mcp.client.request-timeout',
  name: 'spring.ai.mcp.client.name',
  version: 'spring.ai.mcp.client.version',
  type: 'spring.ai.mcp.client.type',
  /** Sprout's: Spring AI has no such key (its MCP client's initialization timeout is fixed). */
  initializationTimeout: 'sprout.mcp.client.initialization-timeout',
  /** Sprout's: whether servers may ask the application's ChatModel for completions (MCP sampling). */
  samplingEnabled: 'sprout.mcp.client.sampling.enabled',
} as const;

/** Prefix of stdio connections: `<prefix>.<name>.command`, `.args`, `.env.<VAR>`. */
export const MCP_STDIO_CONNECTIONS_PREFIX = 'spring.ai.mcp.client.stdio.connections';
/** Prefix of streamable HTTP connections: `<prefix>.<name>.url`, `.endpoint`, `.headers.<Header>`. */
export const MCP_STREAMABLE_HTTP_CONNECTIONS_PREFIX = 'spring.ai.mcp.client.streamable-http.connections';
/**
 * Prefix of the OAuth settings of streamable HTTP connections (Sprout's):
 * `<prefix>.<name>.oauth.client-id`, `.client-secret`, `.client-authentication-method`,
 * `.authorization-grant-type`, `.scope`, `.redirect-uri`, `.client-name`, `.client-metadata-url`,
 * `.private-key` (PKCS#8 PEM, for private_key_jwt), `.signing-algorithm`, and for cross-app access
 * (the jwt-bearer grant) `.identity-provider.token-uri`, `.identity-provider.client-id`,
 * `.identity-provider.client-secret`.
 */
export const MCP_STREAMABLE_HTTP_OAUTH_PREFIX = 'sprout.mcp.client.streamable-http.connections';
/** The sub-keys of `<MCP_STREAMABLE_HTTP_OAUTH_PREFIX>.<name>.oauth.`, Spring Security's registration names. */
const OAUTH_KEYS = [
  'client-id',
  'client-secret',
  'client-authentication-method',
  'authorization-grant-type',
  'scope',
  'redirect-uri',
  'client-name',
  'client-metadata-url',
  'private-key',
  'signing-algorithm',
  'identity-provider.token-uri',
  'identity-provider.client-id',
  'identity-provider.client-secret',
] as const;
/** Default of `...streamable-http.connections.<name>.endpoint`, used when the URL has no path. */
export const DEFAULT_MCP_CLIENT_ENDPOINT = '/mcp';

/** One configured connection. */
export interface McpConnectionProperties {
  readonly name: string;
  readonly transport: McpTransportConfig;
}

/**
 * The `spring.ai.mcp.client.*` properties, typed and validated.
 *
 * @see Spring AI `McpClientCommonProperties`, `McpStdioClientProperties`, `McpStreamableHttpClientProperties`
 */
export interface McpClientProperties {
  /** @defaultValue true */
  readonly enabled: boolean;
  /** When false, no `McpToolCallbackProvider` is bound. @defaultValue true */
  readonly toolCallbackEnabled: boolean;
  /** Time allowed per MCP request, in ms (`20s`, `500ms`, `1m`, or plain milliseconds). @defaultValue 20 000 */
  readonly requestTimeoutMs: number;
  /**
   * Time allowed for starting a server and completing `initialize`, in ms, for every session a
   * connection opens (`sprout.mcp.client.initialization-timeout`). Longer than a request's, since the
   * first start of `npx -y <server>` downloads it. @defaultValue 60 000
   */
  readonly initializationTimeoutMs: number;
  /**
   * Whether servers may sample the application's `ChatModel` (`sprout.mcp.client.sampling.enabled`):
   * the `sampling` capability is then declared. @defaultValue true
   */
  readonly samplingEnabled: boolean;
  /** `clientInfo` sent in `initialize`. @defaultValue `sprout-ai` / `0.1.0` */
  readonly clientName: string;
  readonly clientVersion: string;
  /** Stdio connections first, then streamable HTTP ones, each sorted by name. */
  readonly connections: readonly McpConnectionProperties[];
}

/**
 * Reads and validates the `spring.ai.mcp.client.*` group, e.g.
 * ```properties
 * spring.ai.mcp.client.stdio.connections.everything.command=npx
 * spring.ai.mcp.client.stdio.connections.everything.args=-y,@modelcontextprotocol/server-everything
 * spring.ai.mcp.client.stdio.connections.everything.env.LOG_LEVEL=debug
 * spring.ai.mcp.client.streamable-http.connections.orders.url=http://127.0.0.1:3001
 * spring.ai.mcp.client.streamable-http.connections.orders.headers.Authorization=Bearer u7
 * ```
 * `args` is a comma-separated list, or indexed entries `args[0]`, `args[1]` …
 *
 * @param properties - the application's properties
 * @throws InvalidPropertyError naming the key, the value and what is allowed
 * @remarks `spring.ai.mcp.client.type` (SYNC/ASYNC) is accepted and has no effect: the one provider is async.
 */
export function bindMcpClientProperties(properties: SproutProperties): McpClientProperties {
  const k = MCP_CLIENT_PROPERTY_KEYS;
  const type = properties.getString(k.type);
  if (type !== undefined && !['SYNC', 'ASYNC'].includes(type.toUpperCase())) {
    throw invalid(properties, k.type, 'SYNC or ASYNC');
  }
  return {
    enabled: properties.getBoolean(k.enabled, true),
    toolCallbackEnabled: properties.getBoolean(k.toolCallbackEnabled, true),
    requestTimeoutMs: properties.getDurationMs(k.requestTimeout, DEFAULT_MCP_REQUEST_TIMEOUT_MS),
    initializationTimeoutMs: properties.getDurationMs(k.initializationTimeout, DEFAULT_MCP_CONNECT_TIMEOUT_MS),
    samplingEnabled: properties.getBoolean(k.samplingEnabled, true),
    clientName: properties.getString(k.name, SPROUT_MCP_CLIENT_INFO.name),
    clientVersion: properties.getString(k.version, SPROUT_MCP_CLIENT_INFO.version),
    connections: [...stdioConnections(properties), ...httpConnections(properties)],
  };
}

/** Sub-keys of `<prefix>.<name>.` grouped by connection name (keys matched ignoring case and `-`/`_`). */
function groups(properties: SproutProperties, prefix: string): Map<string, Map<string, string>> {
  const relaxedPrefix = `${relaxedForm(prefix)}.`;
  const result = new Map<string, Map<string, string>>();
  for (const key of properties.keys()) {
    if (!relaxedForm(key).startsWith(relaxedPrefix)) continue;
    const rest = key.split('.').slice(prefix.split('.').length);
    if (rest.length < 2) continue;
    const [name, ...sub] = rest;
    const entries = result.get(name) ?? new Map<string, string>();
    entries.set(sub.join('.'), key);
    result.set(name, entries);
  }
  return new Map([...result].sort(([a], [b]) => a.localeCompare(b)));
}

function stdioConnections(properties: SproutProperties): McpConnectionProperties[] {
  return [...groups(properties, MCP_STDIO_CONNECTIONS_PREFIX)].map(([name, entries]) => {
    const at = (sub: string) => `${MCP_STDIO_CONNECTIONS_PREFIX}.${name}.${sub}`;
    const commandKey = find(entries, 'command');
    const command = commandKey === undefined ? undefined : properties.getString(commandKey);
    if (command === undefined) {
      throw new InvalidPropertyError({
        key: at('command'),
        value: undefined,
        allowed: 'the command that starts the MCP server, e.g. npx or node',
        hint: `Connection '${name}' has other stdio settings but no command.`,
      });
    }
    const indexed = [...entries]
      .map(([sub, key]) => ({ index: /^args\[(\d+)\]$/i.exec(sub)?.[1], key }))
      .filter((e): e is { index: string; key: string } => e.index !== undefined)
      .sort((a, b) => Number(a.index) - Number(b.index))
      .map((e) => properties.get(e.key) ?? '');
    const argsKey = find(entries, 'args');
    const args = indexed.length > 0 ? indexed : argsKey === undefined ? [] : properties.getList(argsKey);
    const env: Record<string, string> = {};
    for (const [sub, key] of entries) {
      if (/^env\./i.test(sub)) env[sub.slice('env.'.length)] = properties.get(key) ?? '';
    }
    return {
      name,
      transport: { type: 'stdio', command, args, ...(Object.keys(env).length > 0 ? { env } : {}) },
    };
  });
}

function httpConnections(properties: SproutProperties): McpConnectionProperties[] {
  const connections = groups(properties, MCP_STREAMABLE_HTTP_CONNECTIONS_PREFIX);
  const oauthGroups = groups(properties, MCP_STREAMABLE_HTTP_OAUTH_PREFIX);
  for (const [name, entries] of oauthGroups) {
    if (!connections.has(name)) {
      const [key] = [...entries.values()];
      throw new InvalidPropertyError({
        key,
        value: properties.get(key)?.trim(),
        allowed: `OAuth settings of a configured connection (${MCP_STREAMABLE_HTTP_CONNECTIONS_PREFIX}.${name}.url is not set)`,
        origin: properties.origin(key),
      });
    }
  }
  return [...connections].map(([name, entries]) => {
    const oauthEntries = oauthGroups.get(name);
    const oauth = oauthEntries === undefined ? undefined : oauthOptions(properties, oauthEntries);
    const urlKey = find(entries, 'url') ?? `${MCP_STREAMABLE_HTTP_CONNECTIONS_PREFIX}.${name}.url`;
    const text = properties.getString(urlKey);
    let url: URL | undefined;
    try {
      url = text === undefined ? undefined : new URL(text);
    } catch {
      url = undefined;
    }
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw invalid(properties, urlKey, 'an absolute http(s) URL of the MCP server, e.g. http://127.0.0.1:3001/mcp');
    }
    const endpointKey = find(entries, 'endpoint');
    const endpoint = endpointKey === undefined ? undefined : properties.getString(endpointKey);
    if (endpoint !== undefined) url = new URL(endpoint, url);
    else if (url.pathname === '/' || url.pathname === '') url = new URL(DEFAULT_MCP_CLIENT_ENDPOINT, url);
    const headers: Record<string, string> = {};
    for (const [sub, key] of entries) {
      if (/^headers\./i.test(sub)) headers[sub.slice('headers.'.length)] = properties.get(key) ?? '';
    }
    return {
      name,
      transport: {
        type: 'streamable-http',
        url: url.toString(),
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
        ...(oauth === undefined ? {} : { oauth }),
      },
    };
  });
}

/** The `…connections.<name>.oauth.*` settings of one connection. */
function oauthOptions(properties: SproutProperties, entries: ReadonlyMap<string, string>): McpOAuthOptions {
  const values: Partial<Record<(typeof OAUTH_KEYS)[number], string>> = {};
  for (const [sub, key] of entries) {
    const name = OAUTH_KEYS.find((k) => relaxedForm(`oauth.${k}`) === relaxedForm(sub));
    if (name === undefined) {
      // Not shown: a misspelt key may hold a secret (client-sekret=…).
      throw new InvalidPropertyError({
        key,
        value: '***',
        allowed: `one of the OAuth settings oauth.${OAUTH_KEYS.join(', oauth.')}`,
        origin: properties.origin(key),
      });
    }
    values[name] = properties.getString(key);
  }
  const keyOf = (name: string) => [...entries].find(([sub]) => relaxedForm(sub) === relaxedForm(`oauth.${name}`))?.[1];
  const grantType = values['authorization-grant-type'];
  if (
    grantType !== undefined &&
    grantType !== 'authorization_code' &&
    grantType !== 'client_credentials' &&
    grantType !== MCP_JWT_BEARER_GRANT_TYPE
  ) {
    throw invalid(
      properties,
      keyOf('authorization-grant-type') ?? '',
      `authorization_code, client_credentials or ${MCP_JWT_BEARER_GRANT_TYPE}`,
    );
  }
  const method = values['client-authentication-method'];
  if (
    method !== undefined &&
    method !== 'client_secret_basic' &&
    method !== 'client_secret_post' &&
    method !== 'private_key_jwt' &&
    method !== 'none'
  ) {
    throw invalid(
      properties,
      keyOf('client-authentication-method') ?? '',
      'client_secret_basic, client_secret_post, private_key_jwt or none',
    );
  }
  const grantKey = keyOf('authorization-grant-type') ?? '';
  if (
    (grantType === 'client_credentials' || grantType === MCP_JWT_BEARER_GRANT_TYPE) &&
    values['client-id'] === undefined
  ) {
    throw new InvalidPropertyError({
      key: grantKey.replace(/authorization-grant-type$/, 'client-id'),
      value: undefined,
      allowed: 'the client id registered with the authorization server',
      hint: `The ${grantType === 'client_credentials' ? 'client_credentials' : 'jwt-bearer'} grant needs a pre-registered client id and secret.`,
    });
  }
  const idpTokenUri = values['identity-provider.token-uri'];
  if (grantType === MCP_JWT_BEARER_GRANT_TYPE && idpTokenUri === undefined) {
    throw new InvalidPropertyError({
      key: grantKey.replace(/authorization-grant-type$/, 'identity-provider.token-uri'),
      value: undefined,
      allowed: "the enterprise identity provider's token endpoint URL",
      hint: "Cross-app access exchanges the user's ID token there for an ID-JAG.",
    });
  }
  return {
    ...(grantType === undefined ? {} : { grantType }),
    ...(values['client-id'] === undefined ? {} : { clientId: values['client-id'] }),
    ...(values['client-secret'] === undefined ? {} : { clientSecret: values['client-secret'] }),
    ...(method === undefined ? {} : { clientAuthenticationMethod: method }),
    ...(values.scope === undefined ? {} : { scope: values.scope }),
    ...(values['redirect-uri'] === undefined ? {} : { redirectUri: values['redirect-uri'] }),
    ...(values['client-name'] === undefined ? {} : { clientName: values['client-name'] }),
    ...(values['client-metadata-url'] === undefined ? {} : { clientMetadataUrl: values['client-metadata-url'] }),
    // A PEM written on one line of a properties file keeps its line breaks as \n.
    ...(values['private-key'] === undefined ? {} : { privateKey: values['private-key'].replaceAll('\\n', '\n') }),
    ...(values['signing-algorithm'] === undefined ? {} : { signingAlgorithm: values['signing-algorithm'] }),
    ...(idpTokenUri === undefined
      ? {}
      : {
          identityProvider: {
            tokenUri: idpTokenUri,
            ...(values['identity-provider.client-id'] === undefined
              ? {}
              : { clientId: values['identity-provider.client-id'] }),
            ...(values['identity-provider.client-secret'] === undefined
              ? {}
              : { clientSecret: values['identity-provider.client-secret'] }),
          },
        }),
  };
}

function find(entries: ReadonlyMap<string, string>, sub: string): string | undefined {
  for (const [candidate, key] of entries) if (relaxedForm(candidate) === relaxedForm(sub)) return key;
  return undefined;
}

/** Spring's relaxed form: lower case, `-` and `_` removed (as `known-properties`, which imports this file). */
function relaxedForm(key: string): string {
  return key.toLowerCase().replaceAll('-', '').replaceAll('_', '');
}

function invalid(properties: SproutProperties, key: string, allowed: string): InvalidPropertyError {
  return new InvalidPropertyError({ key, value: properties.get(key)?.trim(), allowed, origin: properties.origin(key) });
}
