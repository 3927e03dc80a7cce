/** What an {@link McpAuthorizationCodeHandler} is told about the authorization it must obtain. */
export interface McpAuthorizationCodeRequest {
  /** The connection that needs authorization, e.g. `github`. */
  readonly connectionName: string;
  /**
   * The authorization server's authorization URL (PKCE challenge, `state`, `scope` and `resource`
   * included): open it in the user's browser.
   */
  readonly authorizationUrl: URL;
  /** Where the authorization server sends the user back, with `?code=…`: the configured redirect URI. */
  readonly redirectUri: string;
}

/**
 * Obtains an OAuth authorization code: sends the user to `authorizationUrl` (a browser) and
 * resolves with the `code` the authorization server appends to the redirect URI (e.g. read by a
 * local callback server listening on it). The client then exchanges the code for tokens and repeats
 * the request that needed them.
 *
 * Needed for the `authorization_code` grant only (`McpTokens.McpAuthorizationCodeHandler` in
 * `@sprout-ai/boot`); without one, a server that asks for authorization fails the connection with
 * an `McpAuthorizationError`.
 *
 * @remarks Spring AI leaves the browser redirect to Spring Security (mcp-security); this is the
 * TypeScript seam for it.
 */
export type McpAuthorizationCodeHandler = (request: McpAuthorizationCodeRequest) => Promise<string>;
