import type { McpAuthorizationCodeHandler } from './mcp-authorization-code-handler';
import type { McpOAuthTokenStore } from './mcp-oauth-token-store';

/** The OAuth grants the client can use. */
export type McpOAuthGrantType = 'authorization_code' | 'client_credentials';

/** Default redirect URI of the `authorization_code` grant. */
export const DEFAULT_MCP_OAUTH_REDIRECT_URI = 'http://127.0.0.1:8080/oauth2/callback';

/**
 * OAuth 2.1 for a streamable HTTP connection (MCP authorization): on a `401` the client discovers
 * the authorization server (protected resource metadata, then authorization server metadata),
 * registers when it has no client id (a client ID metadata document URL, else dynamic client
 * registration), obtains tokens with PKCE and the `resource` indicator, sends them as a bearer
 * token, refreshes them, and asks for more scope on a `403 insufficient_scope`.
 *
 * @see Spring Security's OAuth2 client registration (`client-id`, `client-secret`,
 *   `client-authentication-method`, `authorization-grant-type`, `scope`, `redirect-uri`), which
 *   Spring AI's MCP security module uses
 */
export interface McpOAuthOptions {
  /** @defaultValue `'authorization_code'` */
  readonly grantType?: McpOAuthGrantType;
  /** A pre-registered client id; without one the client registers itself. */
  readonly clientId?: string;
  readonly clientSecret?: string;
  /**
   * How the client authenticates at the token endpoint.
   * @defaultValue `private_key_jwt` with a private key, `client_secret_basic` with a secret, else `none`
   */
  readonly clientAuthenticationMethod?: 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt' | 'none';
  /**
   * A PKCS#8 PEM private key: the client authenticates with a JWT it signs (`private_key_jwt`,
   * RFC 7523) instead of a secret.
   */
  readonly privateKey?: string;
  /** The JWT signing algorithm of `privateKey`, e.g. `ES256`. @defaultValue `RS256` */
  readonly signingAlgorithm?: string;
  /**
   * Scopes to ask for (space-separated) when neither the server's `WWW-Authenticate` nor its
   * protected resource metadata names any.
   */
  readonly scope?: string;
  /** @defaultValue {@link DEFAULT_MCP_OAUTH_REDIRECT_URI} (authorization_code only) */
  readonly redirectUri?: string;
  /** The `client_name` sent when registering. @defaultValue the client's name */
  readonly clientName?: string;
  /** An HTTPS URL of a client ID metadata document, used as the client id where the server supports it. */
  readonly clientMetadataUrl?: string;
  /** Obtains the authorization code (authorization_code only). */
  readonly authorizationCodeHandler?: McpAuthorizationCodeHandler;
  /** @defaultValue an {@link InMemoryMcpOAuthTokenStore} of the connection */
  readonly tokenStore?: McpOAuthTokenStore;
}
