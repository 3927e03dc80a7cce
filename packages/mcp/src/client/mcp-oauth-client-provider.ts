import type {
  AddClientAuthentication,
  OAuthClientProvider,
  OAuthDiscoveryState,
} from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { exchangeIdentityAssertion } from './exchange-identity-assertion';
import { McpAuthorizationError } from './mcp-authorization-error';
import { DEFAULT_MCP_OAUTH_REDIRECT_URI, MCP_JWT_BEARER_GRANT_TYPE, type McpOAuthOptions } from './mcp-oauth-options';
import { InMemoryMcpOAuthTokenStore, type McpOAuthTokenStore } from './mcp-oauth-token-store';

/**
 * The MCP SDK's `OAuthClientProvider` for one connection, from its {@link McpOAuthOptions}: the
 * SDK runs discovery, registration, PKCE, token requests and refreshes; this keeps the client
 * information, code verifier and tokens (in the token store), and obtains the authorization code
 * through the configured handler. A code obtained that way is taken by the connection
 * ({@link McpOAuthClientProvider.takeAuthorizationCode}), which finishes the authorization and
 * repeats the request. With the jwt-bearer grant (cross-app access) each token request first
 * exchanges the user's ID token for an ID-JAG at the identity provider.
 *
 * @internal
 */
export class McpOAuthClientProvider implements OAuthClientProvider {
  readonly clientMetadataUrl: string | undefined;
  /** Signs a client assertion (`private_key_jwt`) when a private key is configured. */
  readonly addClientAuthentication?: AddClientAuthentication;
  private readonly store: McpOAuthTokenStore;
  private registered: OAuthClientInformationMixed | undefined;
  private verifier: string | undefined;
  private pendingCode: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;

  /**
   * @param connectionName - the connection, its tokens' key in the store
   * @param target - the server's URL, for messages
   * @param options - the connection's OAuth options
   * @param clientName - the `client_name` to register with when none is configured
   */
  constructor(
    private readonly connectionName: string,
    private readonly target: string,
    private readonly options: McpOAuthOptions,
    private readonly clientName: string,
  ) {
    this.clientMetadataUrl = options.clientMetadataUrl;
    this.store = options.tokenStore ?? new InMemoryMcpOAuthTokenStore();
    if (options.privateKey !== undefined) {
      const { createPrivateKeyJwtAuth } =
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- only a private_key_jwt client loads it
        require('@modelcontextprotocol/sdk/client/auth-extensions.js') as typeof import('@modelcontextprotocol/sdk/client/auth-extensions.js');
      const clientId = options.clientId ?? clientName;
      this.addClientAuthentication = createPrivateKeyJwtAuth({
        issuer: clientId,
        subject: clientId,
        privateKey: options.privateKey,
        alg: options.signingAlgorithm ?? 'RS256',
      });
    }
    if (options.clientId !== undefined) {
      this.registered = {
        client_id: options.clientId,
        ...(options.clientSecret === undefined ? {} : { client_secret: options.clientSecret }),
      };
    }
  }

  private get grantType(): string {
    return this.options.grantType ?? 'authorization_code';
  }

  private get interactive(): boolean {
    return this.grantType === 'authorization_code';
  }

  /**
   * What the token request the SDK sends is, when an authorization server's OAuth error needs
   * naming the step that failed (cross-app access has two); `undefined` for the other grants.
   */
  get tokenRequestStep(): string | undefined {
    return this.grantType === MCP_JWT_BEARER_GRANT_TYPE
      ? "cross-app access step 2, presenting the ID-JAG to the MCP server's authorization server " +
          '(RFC 7523 JWT authorization grant), failed'
      : undefined;
  }

  get redirectUrl(): string | undefined {
    return this.interactive ? (this.options.redirectUri ?? DEFAULT_MCP_OAUTH_REDIRECT_URI) : undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    const redirect = this.redirectUrl;
    return {
      client_name: this.options.clientName ?? this.clientName,
      redirect_uris: redirect === undefined ? [] : [redirect],
      grant_types: this.interactive ? ['authorization_code', 'refresh_token'] : [this.grantType],
      response_types: this.interactive ? ['code'] : [],
      token_endpoint_auth_method:
        this.options.clientAuthenticationMethod ??
        (this.options.privateKey !== undefined
          ? 'private_key_jwt'
          : this.options.clientSecret === undefined
            ? 'none'
            : 'client_secret_basic'),
      ...(this.options.scope === undefined ? {} : { scope: this.options.scope }),
    };
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.registered;
  }

  saveClientInformation(clientInformation: OAuthClientInformationMixed): void {
    this.registered = clientInformation;
  }

  tokens(): OAuthTokens | undefined | Promise<OAuthTokens | undefined> {
    return this.store.load(this.connectionName);
  }

  saveTokens(tokens: OAuthTokens): void | Promise<void> {
    return this.store.save(this.connectionName, tokens);
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const handler = this.options.authorizationCodeHandler;
    const redirectUri = this.redirectUrl;
    if (handler === undefined || redirectUri === undefined) {
      throw new McpAuthorizationError({
        connectionName: this.connectionName,
        target: this.target,
        reason:
          'the server asks for user authorization (authorization_code grant) and no McpAuthorizationCodeHandler ' +
          'is set to obtain the code; bind one (McpTokens.McpAuthorizationCodeHandler), or use the ' +
          'client_credentials grant',
      });
    }
    this.pendingCode = await handler({ connectionName: this.connectionName, authorizationUrl, redirectUri });
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (this.verifier === undefined) throw new Error('No PKCE code verifier was saved');
    return this.verifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if ((scope === 'all' || scope === 'client') && this.options.clientId === undefined) this.registered = undefined;
    if (scope === 'all' || scope === 'tokens') await this.store.clear(this.connectionName);
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
  }

  /** Keeps where discovery found the authorization server: the ID-JAG's audience and resource. */
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  /**
   * The `client_credentials` or `jwt-bearer` token request; the SDK builds the `authorization_code`
   * one itself, and adds `resource` and the client authentication to each.
   *
   * @throws McpAuthorizationError when the ID token cannot be had or exchanged (jwt-bearer)
   */
  async prepareTokenRequest(scope?: string): Promise<URLSearchParams | undefined> {
    if (this.interactive) return undefined;
    const params = new URLSearchParams({ grant_type: this.grantType });
    if (this.grantType === MCP_JWT_BEARER_GRANT_TYPE) params.set('assertion', await this.idJag(scope));
    if (scope !== undefined && scope !== '') params.set('scope', scope);
    return params;
  }

  /** Cross-app access step 1: the user's ID token, exchanged at the identity provider for an ID-JAG. */
  private async idJag(scope: string | undefined): Promise<string> {
    const { identityProvider, identityAssertionProvider } = this.options;
    const missing = (what: string): McpAuthorizationError =>
      new McpAuthorizationError({ connectionName: this.connectionName, target: this.target, reason: what });
    if (identityProvider === undefined) {
      throw missing(
        'the jwt-bearer grant (cross-app access) needs the identity provider (oauth.identity-provider.token-uri)',
      );
    }
    if (identityAssertionProvider === undefined) {
      throw missing(
        "the jwt-bearer grant (cross-app access) needs the user's ID token and no McpIdentityAssertionProvider " +
          'is set to supply it; bind one (McpTokens.McpIdentityAssertionProvider)',
      );
    }
    const idToken = await identityAssertionProvider({
      connectionName: this.connectionName,
      identityProviderTokenUri: identityProvider.tokenUri,
    });
    const discovery = this.discovery;
    return exchangeIdentityAssertion({
      connectionName: this.connectionName,
      target: this.target,
      identityProvider,
      idToken,
      audience: discovery?.authorizationServerMetadata?.issuer ?? discovery?.authorizationServerUrl ?? this.target,
      resource: discovery?.resourceMetadata?.resource ?? this.target,
      ...(scope === undefined ? {} : { scope }),
    });
  }

  /** The authorization code the handler obtained since the last call, if any (taken once). */
  takeAuthorizationCode(): string | undefined {
    const code = this.pendingCode;
    this.pendingCode = undefined;
    return code;
  }
}
