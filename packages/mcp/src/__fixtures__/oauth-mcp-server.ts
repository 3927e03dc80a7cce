import { type KeyObject, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as McpServer } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/** A token request the authorization server received. */
export interface RecordedTokenRequest {
  readonly params: Record<string, string>;
  /** The `Authorization` header (client_secret_basic), if any. */
  readonly authorization?: string;
}

/** The ID token the fixture's identity provider accepts for cross-app access. */
export const FIXTURE_ID_TOKEN = 'eyJhbGciOiJFUzI1NiJ9.alice-id-token.sig';

/**
 * An MCP server (stateless streamable HTTP, one tool `whoami`) and its OAuth authorization server
 * on one 127.0.0.1 port, for tests: `/mcp` answers 401 with `WWW-Authenticate` pointing at its
 * protected resource metadata until it gets the bearer token the token endpoint issued; the
 * authorization endpoint approves at once (redirects with a code); the token endpoint accepts the
 * client `client-1` / `secret-1` (client_secret_basic) and the public client `public-1`.
 *
 * For cross-app access (SEP-990) `/idp/token` plays the enterprise identity provider: it exchanges
 * {@link FIXTURE_ID_TOKEN} (client `idp-client`) for an ID-JAG bound to the audience and resource
 * asked for; the token endpoint's jwt-bearer grant accepts an ID-JAG it issued for this
 * authorization server and `/mcp`.
 */
export class OAuthMcpServer {
  readonly tokenRequests: RecordedTokenRequest[] = [];
  /** Token exchange requests the identity provider received. */
  readonly idpRequests: RecordedTokenRequest[] = [];
  /** The ID-JAGs the identity provider issued, with the audience and resource they are bound to. */
  private readonly idJags = new Map<string, { audience: string; resource: string }>();
  readonly authorizationRequests: URL[] = [];
  /** The public key of client `jwt-1`, whose `private_key_jwt` assertions (ES256) are accepted. */
  jwtClientKey: KeyObject | undefined;
  /** Bearer tokens `/mcp` accepts: issued ones, and any added by a test. */
  readonly validTokens = new Set<string>();
  private issued = 0;

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
  ) {}

  /** Starts the server on a free port of 127.0.0.1. */
  static async start(): Promise<OAuthMcpServer> {
    const holder: { fixture?: OAuthMcpServer } = {};
    const server = createServer((req, res) => {
      holder.fixture?.handle(req, res).catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    holder.fixture = new OAuthMcpServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return holder.fixture;
  }

  get mcpUrl(): string {
    return `${this.baseUrl}/mcp`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.baseUrl);
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    switch (url.pathname) {
      case '/.well-known/oauth-protected-resource/mcp':
        json(200, { resource: this.mcpUrl, authorization_servers: [this.baseUrl] });
        return;
      case '/.well-known/oauth-authorization-server':
        json(200, {
          issuer: this.baseUrl,
          authorization_endpoint: `${this.baseUrl}/authorize`,
          token_endpoint: `${this.baseUrl}/token`,
          response_types_supported: ['code'],
          grant_types_supported: [
            'authorization_code',
            'client_credentials',
            'urn:ietf:params:oauth:grant-type:jwt-bearer',
          ],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'private_key_jwt', 'none'],
        });
        return;
      case '/authorize': {
        this.authorizationRequests.push(url);
        const redirect = new URL(url.searchParams.get('redirect_uri') ?? 'http://invalid');
        redirect.searchParams.set('code', 'code-1');
        const state = url.searchParams.get('state');
        if (state !== null) redirect.searchParams.set('state', state);
        res.writeHead(302, { location: redirect.href }).end();
        return;
      }
      case '/token':
        return this.token(req, json);
      case '/idp/token':
        return this.idpToken(req, json);
      case '/mcp':
        return this.mcp(req, res);
      default:
        res.writeHead(404).end();
    }
  }

  private async token(req: IncomingMessage, json: (status: number, body: unknown) => void): Promise<void> {
    const params = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const authorization = req.headers.authorization;
    this.tokenRequests.push({ params, ...(authorization === undefined ? {} : { authorization }) });
    const basicOk = authorization === `Basic ${Buffer.from('client-1:secret-1').toString('base64')}`;
    const publicOk = authorization === undefined && params.client_id === 'public-1';
    if (!basicOk && !publicOk && !this.validAssertion(params)) {
      json(401, { error: 'invalid_client', error_description: 'bad client' });
    } else if (params.grant_type === 'authorization_code' && params.code !== 'code-1') {
      json(400, { error: 'invalid_grant', error_description: 'bad code' });
    } else if (params.grant_type === 'urn:ietf:params:oauth:grant-type:jwt-bearer' && !this.validIdJag(params)) {
      json(400, { error: 'invalid_grant', error_description: 'ID-JAG not issued for this server' });
    } else {
      const token = `token-${++this.issued}`;
      this.validTokens.add(token);
      json(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
    }
  }

  get idpTokenUrl(): string {
    return `${this.baseUrl}/idp/token`;
  }

  /** The identity provider's RFC 8693 token exchange: an ID token of client `idp-client` for an ID-JAG. */
  private async idpToken(req: IncomingMessage, json: (status: number, body: unknown) => void): Promise<void> {
    const params = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const authorization = req.headers.authorization;
    this.idpRequests.push({ params, ...(authorization === undefined ? {} : { authorization }) });
    if (
      params.grant_type !== 'urn:ietf:params:oauth:grant-type:token-exchange' ||
      params.requested_token_type !== 'urn:ietf:params:oauth:token-type:id-jag' ||
      params.subject_token_type !== 'urn:ietf:params:oauth:token-type:id_token' ||
      params.client_id !== 'idp-client' ||
      !params.audience ||
      !params.resource
    ) {
      json(400, { error: 'invalid_request', error_description: 'not a token exchange for an ID-JAG' });
    } else if (params.subject_token !== FIXTURE_ID_TOKEN) {
      json(400, { error: 'invalid_grant', error_description: 'Invalid ID token' });
    } else {
      const idJag = `id-jag-${this.idJags.size + 1}`;
      this.idJags.set(idJag, { audience: params.audience, resource: params.resource });
      json(200, {
        access_token: idJag,
        issued_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
        token_type: 'N_A',
      });
    }
  }

  /** Whether the jwt-bearer grant's assertion is an ID-JAG issued for this authorization server and `/mcp`. */
  private validIdJag(params: Record<string, string>): boolean {
    const idJag = this.idJags.get(params.assertion ?? '');
    return idJag?.audience === this.baseUrl && idJag.resource === this.mcpUrl;
  }

  /** Whether the request carries a `jwt-1` client assertion signed with {@link OAuthMcpServer.jwtClientKey}. */
  private validAssertion(params: Record<string, string>): boolean {
    if (this.jwtClientKey === undefined) return false;
    if (params.client_assertion_type !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer') return false;
    const [header, payload, signature] = (params.client_assertion ?? '').split('.');
    if (signature === undefined) return false;
    const signed = Buffer.from(`${header}.${payload}`);
    const valid = verify(
      'sha256',
      signed,
      { key: this.jwtClientKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iss?: string; sub?: string };
    return valid && claims.iss === 'jwt-1' && claims.sub === 'jwt-1';
  }

  private async mcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (token === undefined || !this.validTokens.has(token)) {
      res
        .writeHead(401, {
          'www-authenticate': `Bearer resource_metadata="${this.baseUrl}/.well-known/oauth-protected-resource/mcp"`,
        })
        .end();
      return;
    }
    const server = new McpServer({ name: 'oauth-fixture', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [{ name: 'whoami', inputSchema: { type: 'object', properties: {} } }],
    }));
    server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: 'text', text: token }] }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await server.connect(transport);
    const body = req.method === 'POST' ? (JSON.parse(await readBody(req)) as unknown) : undefined;
    await transport.handleRequest(req, res, body);
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
