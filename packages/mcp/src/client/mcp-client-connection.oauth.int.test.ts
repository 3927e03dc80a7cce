import { generateKeyPairSync } from 'node:crypto';
import { FIXTURE_ID_TOKEN, OAuthMcpServer } from '../__fixtures__/oauth-mcp-server';
import type { McpAuthorizationCodeHandler, McpAuthorizationCodeRequest } from './mcp-authorization-code-handler';
import { McpAuthorizationError } from './mcp-authorization-error';
import { McpClientConnection } from './mcp-client-connection';
import { McpConnectionError } from './mcp-connection-error';
import type { McpIdentityAssertionRequest } from './mcp-identity-assertion-provider';
import { MCP_JWT_BEARER_GRANT_TYPE, type McpOAuthOptions } from './mcp-oauth-options';
import { InMemoryMcpOAuthTokenStore } from './mcp-oauth-token-store';

jest.setTimeout(30_000);

/** Approves like a user would: follows the authorization URL to its redirect and reads the code. */
function approvingUser(seen: McpAuthorizationCodeRequest[] = []): McpAuthorizationCodeHandler {
  return async (request) => {
    seen.push(request);
    const response = await fetch(request.authorizationUrl, { redirect: 'manual' });
    return new URL(response.headers.get('location') ?? '').searchParams.get('code') ?? '';
  };
}

describe(McpClientConnection, () => {
  let server: OAuthMcpServer;
  let connection: McpClientConnection;

  beforeEach(async () => {
    server = await OAuthMcpServer.start();
  });

  afterEach(async () => {
    await connection.close();
    await server.close();
  });

  function connect(oauth: McpOAuthOptions): McpClientConnection {
    connection = new McpClientConnection({
      name: 'secured',
      transport: { type: 'streamable-http', url: server.mcpUrl, oauth },
    });
    return connection;
  }

  async function whoami(): Promise<string> {
    const result = await connection.callTool('whoami', {});
    return (result.content as { text: string }[])[0].text;
  }

  describe('with the client_credentials grant', () => {
    it('should obtain a token with the client secret (client_secret_basic) and send it as a bearer token', async () => {
      connect({ grantType: 'client_credentials', clientId: 'client-1', clientSecret: 'secret-1' });

      expect((await connection.listTools()).map((t) => t.name)).toEqual(['whoami']);
      expect(await whoami()).toBe('token-1');
      expect(server.tokenRequests).toEqual([
        {
          params: expect.objectContaining({ grant_type: 'client_credentials', resource: server.mcpUrl }),
          authorization: `Basic ${Buffer.from('client-1:secret-1').toString('base64')}`,
        },
      ]);
    });

    it('should fail with an McpAuthorizationError that says so when the secret is wrong', async () => {
      connect({ grantType: 'client_credentials', clientId: 'client-1', clientSecret: 'wrong' });

      const error: unknown = await connection.connect().catch((thrown: unknown) => thrown);

      expect(McpAuthorizationError.isInstance(error)).toBe(true);
      expect(McpConnectionError.isInstance(error)).toBe(true);
      const { message } = error as Error;
      expect(message).toContain(`MCP server 'secured' (${server.mcpUrl}) refused authorization: `);
      expect(message).toContain('sprout.mcp.client.streamable-http.connections.secured.oauth.*');
      expect(message).not.toContain('wrong');
    });
  });

  describe('with the client_credentials grant and a private key (private_key_jwt)', () => {
    it('should authenticate with a signed client assertion instead of a secret', async () => {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      server.jwtClientKey = publicKey;
      connect({
        grantType: 'client_credentials',
        clientId: 'jwt-1',
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        signingAlgorithm: 'ES256',
      });

      expect(await whoami()).toBe('token-1');
      expect(server.tokenRequests[0].params).toMatchObject({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      });
      expect(server.tokenRequests[0].authorization).toBeUndefined();
    });
  });

  describe('with the authorization_code grant', () => {
    it('should have the handler obtain a code with PKCE and the resource, exchange it and connect', async () => {
      const seen: McpAuthorizationCodeRequest[] = [];
      connect({
        clientId: 'public-1',
        redirectUri: 'http://127.0.0.1:9/callback',
        authorizationCodeHandler: approvingUser(seen),
      });

      expect(await whoami()).toBe('token-1');
      expect(seen).toHaveLength(1);
      expect(seen[0].connectionName).toBe('secured');
      expect(seen[0].redirectUri).toBe('http://127.0.0.1:9/callback');
      const authorization = seen[0].authorizationUrl.searchParams;
      expect(authorization.get('code_challenge_method')).toBe('S256');
      expect(authorization.get('resource')).toBe(server.mcpUrl);
      expect(server.tokenRequests[0].params).toMatchObject({
        grant_type: 'authorization_code',
        code: 'code-1',
        client_id: 'public-1',
        code_verifier: expect.any(String),
      });
    });

    it('should fail with an McpAuthorizationError naming the missing handler when none is set', async () => {
      connect({ clientId: 'public-1' });

      const error: unknown = await connection.connect().catch((thrown: unknown) => thrown);

      expect(McpAuthorizationError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain('no McpAuthorizationCodeHandler is set');
    });
  });

  describe('with the jwt-bearer grant (cross-app access, SEP-990)', () => {
    function crossAppAccess(idToken: string, clientSecret = 'secret-1', seen: McpIdentityAssertionRequest[] = []) {
      return connect({
        grantType: MCP_JWT_BEARER_GRANT_TYPE,
        clientId: 'client-1',
        clientSecret,
        identityProvider: { tokenUri: server.idpTokenUrl, clientId: 'idp-client' },
        identityAssertionProvider: async (request) => {
          seen.push(request);
          return idToken;
        },
      });
    }

    it("should exchange the user's ID token for an ID-JAG at the identity provider and the ID-JAG for a token", async () => {
      const seen: McpIdentityAssertionRequest[] = [];
      crossAppAccess(FIXTURE_ID_TOKEN, 'secret-1', seen);

      expect(await whoami()).toBe('token-1');
      expect(seen).toEqual([{ connectionName: 'secured', identityProviderTokenUri: server.idpTokenUrl }]);
      expect(server.idpRequests).toEqual([
        {
          params: {
            grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
            requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
            subject_token: FIXTURE_ID_TOKEN,
            subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
            audience: server.baseUrl,
            resource: server.mcpUrl,
            client_id: 'idp-client',
          },
        },
      ]);
      expect(server.tokenRequests).toEqual([
        {
          params: {
            grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
            assertion: 'id-jag-1',
            resource: server.mcpUrl,
          },
          authorization: `Basic ${Buffer.from('client-1:secret-1').toString('base64')}`,
        },
      ]);
    });

    it('should fail with an McpAuthorizationError naming step 1 when the identity provider refuses the ID token', async () => {
      crossAppAccess('eyJ.expired-id-token.sig');

      const error: unknown = await connection.connect().catch((thrown: unknown) => thrown);

      expect(McpAuthorizationError.isInstance(error)).toBe(true);
      const { message } = error as Error;
      expect(message).toContain(`MCP server 'secured' (${server.mcpUrl}) refused authorization: `);
      expect(message).toContain(
        `cross-app access step 1, exchanging the user's ID token for an ID-JAG at the identity provider ` +
          `(${server.idpTokenUrl}, RFC 8693 token exchange), failed: invalid_grant: Invalid ID token`,
      );
      expect(message).not.toContain('expired-id-token');
      expect(server.tokenRequests).toEqual([]);
    });

    it('should fail with an McpAuthorizationError naming step 2 when the authorization server refuses the client', async () => {
      crossAppAccess(FIXTURE_ID_TOKEN, 'wrong-secret');

      const error: unknown = await connection.connect().catch((thrown: unknown) => thrown);

      expect(McpAuthorizationError.isInstance(error)).toBe(true);
      const { message } = error as Error;
      expect(message).toContain(
        "cross-app access step 2, presenting the ID-JAG to the MCP server's authorization server " +
          '(RFC 7523 JWT authorization grant), failed: invalid_client',
      );
      expect(message).not.toMatch(/wrong-secret|id-jag-\d|alice-id-token/);
    });

    it('should fail with an McpAuthorizationError naming the missing McpIdentityAssertionProvider', async () => {
      connect({
        grantType: MCP_JWT_BEARER_GRANT_TYPE,
        clientId: 'client-1',
        clientSecret: 'secret-1',
        identityProvider: { tokenUri: server.idpTokenUrl, clientId: 'idp-client' },
      });

      const error: unknown = await connection.connect().catch((thrown: unknown) => thrown);

      expect(McpAuthorizationError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain('no McpIdentityAssertionProvider is set');
      expect(server.idpRequests).toEqual([]);
    });
  });

  describe('with a pre-filled token store', () => {
    it('should use the stored token without asking the authorization server', async () => {
      server.validTokens.add('stored-token');
      const tokenStore = new InMemoryMcpOAuthTokenStore({
        secured: { access_token: 'stored-token', token_type: 'Bearer' },
      });
      connect({ clientId: 'public-1', tokenStore });

      expect(await whoami()).toBe('stored-token');
      expect(server.tokenRequests).toEqual([]);
    });
  });
});
