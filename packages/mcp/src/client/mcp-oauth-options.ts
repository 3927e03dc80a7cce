import type { McpAuthorizationCodeHandler } from './mcp-authorization-code-handler';
import type { McpIdentityAssertionProvider } from './mcp-identity-assertion-provider';
import type { McpOAuthTokenStore } from './mcp-oauth-token-store';

/**
 * The OAuth grants the client can use. `urn:ietf:params:oauth:grant-type:jwt-bearer` is
 * Enterprise-Managed Authorization (cross-app access): see {@link McpOAuthOptions.identityProvider}.
 */
export type McpOAuthGrantType = 'authorization_code' | 'client_credentials' | typeof MCP_JWT_BEARER_GRANT_TYPE;

/** The JWT bearer grant (RFC 7523), Spring Security's `AuthorizationGrantType.JWT_BEARER`. */
export const MCP_JWT_BEARER_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/**
 * The enterprise identity provider of Enterprise-Managed Authorization (cross-app access, SEP-990):
 * the client exchanges the user's ID token there for an ID-JAG (RFC 8693 token exchange), then
 * presents the ID-JAG to the MCP server's authorization server (JWT bearer grant, RFC 7523).
 */
export interface McpIdentityProviderOptions {
  /** The identity provider's token endpoint, e.g. `https://idp.example.com/oauth2/token`. */
  readonly tokenUri: string;
  /** This application's client id at the identity provider. */
  readonly clientId?: string;
  /** Its secret (sent as `client_secret_basic`); without one the client id is sent in the body. */
  readonly clientSecret?: string;
}

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
  /**
   * The enterprise identity provider, for the `urn:ietf:params:oauth:grant-type:jwt-bearer` grant
   * (needed there). `clientId`/`clientSecret` above are the client's at the MCP server's
   * authorization server.
   */
  readonly identityProvider?: McpIdentityProviderOptions;
  /** Supplies the user's ID token (jwt-bearer grant only). */
  readonly identityAssertionProvider?: McpIdentityAssertionProvider;
  /** @defaultValue an {@link InMemoryMcpOAuthTokenStore} of the connection */
  readonly tokenStore?: McpOAuthTokenStore;
}
