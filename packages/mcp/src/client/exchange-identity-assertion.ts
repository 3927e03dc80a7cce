import { McpAuthorizationError } from './mcp-authorization-error';
import type { McpIdentityProviderOptions } from './mcp-oauth-options';

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';
const ID_JAG = 'urn:ietf:params:oauth:token-type:id-jag';

/** What {@link exchangeIdentityAssertion} exchanges, and for which authorization server and resource. */
export interface IdentityAssertionExchange {
  readonly connectionName: string;
  /** The MCP server's URL, for messages. */
  readonly target: string;
  readonly identityProvider: McpIdentityProviderOptions;
  /** The user's ID token. */
  readonly idToken: string;
  /** The MCP server's authorization server (its issuer identifier): the ID-JAG's audience. */
  readonly audience: string;
  /** The MCP server's resource identifier (RFC 8707). */
  readonly resource: string;
  readonly scope?: string;
}

/**
 * Step 1 of Enterprise-Managed Authorization (SEP-990): exchanges the user's ID token at the
 * enterprise identity provider for an ID-JAG (Identity Assertion JWT Authorization Grant) with an
 * RFC 8693 token exchange (`requested_token_type=…:id-jag`, `audience`, `resource`).
 *
 * @returns the ID-JAG (a JWT), to be presented with the JWT bearer grant
 * @throws McpAuthorizationError naming this step when the identity provider cannot be reached,
 *   refuses the exchange or answers with something other than an ID-JAG (no token in the message)
 * @internal
 */
export async function exchangeIdentityAssertion(exchange: IdentityAssertionExchange): Promise<string> {
  const { identityProvider: idp } = exchange;
  const params = new URLSearchParams({
    grant_type: TOKEN_EXCHANGE,
    requested_token_type: ID_JAG,
    subject_token: exchange.idToken,
    subject_token_type: ID_TOKEN,
    audience: exchange.audience,
    resource: exchange.resource,
  });
  if (exchange.scope !== undefined && exchange.scope !== '') params.set('scope', exchange.scope);
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (idp.clientSecret !== undefined && idp.clientId !== undefined) {
    const credentials = `${encodeURIComponent(idp.clientId)}:${encodeURIComponent(idp.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  } else if (idp.clientId !== undefined) {
    params.set('client_id', idp.clientId);
  }
  const failed = (why: string, cause?: unknown): McpAuthorizationError =>
    new McpAuthorizationError({
      connectionName: exchange.connectionName,
      target: exchange.target,
      reason:
        `cross-app access step 1, exchanging the user's ID token for an ID-JAG at the identity provider ` +
        `(${idp.tokenUri}, RFC 8693 token exchange), failed: ${why}`,
      cause,
    });
  let response: Response;
  try {
    response = await fetch(idp.tokenUri, { method: 'POST', headers, body: params });
  } catch (error) {
    throw failed(`the identity provider could not be reached (${messageOf(error)})`, error);
  }
  const body = await response.json().catch(() => undefined);
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (!response.ok) {
    const code = typeof fields.error === 'string' ? fields.error : `HTTP ${response.status}`;
    const description =
      typeof fields.error_description === 'string' ? `: ${fields.error_description.slice(0, 200)}` : '';
    throw failed(`${code}${description}`);
  }
  if (typeof fields.access_token !== 'string' || fields.access_token === '') {
    throw failed('the answer holds no access_token');
  }
  if (fields.issued_token_type !== undefined && fields.issued_token_type !== ID_JAG) {
    throw failed(
      `the identity provider issued a ${JSON.stringify(fields.issued_token_type)} instead of an ID-JAG (${ID_JAG})`,
    );
  }
  return fields.access_token;
}

/** The network error's code (`ECONNREFUSED`), else its message; duck-typed, fetch's errors may come from another realm. */
function messageOf(error: unknown): string {
  const { message, cause } = (typeof error === 'object' && error !== null ? error : {}) as {
    message?: unknown;
    cause?: { code?: unknown };
  };
  if (typeof cause?.code === 'string') return cause.code;
  return typeof message === 'string' ? message : String(error);
}
