import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorOf } from '@sprout-ai/test';
import { exchangeIdentityAssertion, type IdentityAssertionExchange } from './exchange-identity-assertion';
import { McpAuthorizationError } from './mcp-authorization-error';

/** An identity provider on 127.0.0.1 that answers every request with `status` and `body`, recording them. */
async function identityProvider(
  status: number,
  body: unknown,
): Promise<{ url: string; server: Server; requests: { params: URLSearchParams; authorization?: string }[] }> {
  const requests: { params: URLSearchParams; authorization?: string }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      requests.push({ params: new URLSearchParams(text), authorization: req.headers.authorization });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`, server, requests };
}

function exchange(tokenUri: string, clientSecret?: string): IdentityAssertionExchange {
  return {
    connectionName: 'crm',
    target: 'http://127.0.0.1:1/mcp',
    identityProvider: { tokenUri, clientId: 'app', ...(clientSecret === undefined ? {} : { clientSecret }) },
    idToken: 'eyJ.the-id-token.sig',
    audience: 'https://as.example.com',
    resource: 'https://crm.example.com/mcp',
    scope: 'crm:read',
  };
}

describe(exchangeIdentityAssertion, () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  });

  async function idp(status: number, body: unknown) {
    const started = await identityProvider(status, body);
    servers.push(started.server);
    return started;
  }

  it('should authenticate with client_secret_basic when the identity provider client has a secret', async () => {
    const { url, requests } = await idp(200, {
      access_token: 'id-jag',
      issued_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
    });

    expect(await exchangeIdentityAssertion(exchange(url, 's3cret'))).toBe('id-jag');
    expect(requests[0].authorization).toBe(`Basic ${Buffer.from('app:s3cret').toString('base64')}`);
    expect(requests[0].params.get('client_id')).toBeNull();
    expect(requests[0].params.get('scope')).toBe('crm:read');
  });

  it.each([
    [
      'an error answer',
      400,
      { error: 'invalid_target', error_description: 'unknown audience' },
      'invalid_target: unknown audience',
    ],
    ['an answer that is not JSON', 502, undefined, 'HTTP 502'],
    ['an answer without access_token', 200, { token_type: 'N_A' }, 'the answer holds no access_token'],
    [
      'another token type',
      200,
      { access_token: 'x', issued_token_type: 'urn:ietf:params:oauth:token-type:access_token' },
      'issued a "urn:ietf:params:oauth:token-type:access_token" instead of an ID-JAG',
    ],
  ])('should fail with an McpAuthorizationError naming step 1 for %s', async (_case, status, body, why) => {
    const { url } = await idp(status, body);

    const error = await errorOf(exchangeIdentityAssertion(exchange(url)), McpAuthorizationError);

    expect(error.message).toContain(`cross-app access step 1, exchanging the user's ID token for an ID-JAG`);
    expect(error.message).toContain(why);
    expect(error.message).not.toContain('the-id-token');
  });

  it('should say the identity provider could not be reached', async () => {
    const { url, server } = await idp(200, {});
    servers.pop();
    await new Promise((resolve) => server.close(resolve));

    const error = await errorOf(exchangeIdentityAssertion(exchange(url)), McpAuthorizationError);

    expect(error.message).toContain('the identity provider could not be reached (ECONNREFUSED)');
  });
});
