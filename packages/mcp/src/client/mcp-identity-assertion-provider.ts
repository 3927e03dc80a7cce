/** What an {@link McpIdentityAssertionProvider} is told about the assertion it must supply. */
export interface McpIdentityAssertionRequest {
  /** The connection that needs authorization, e.g. `crm`. */
  readonly connectionName: string;
  /** The enterprise identity provider's token endpoint the assertion is exchanged at. */
  readonly identityProviderTokenUri: string;
}

/**
 * Supplies the user's identity assertion for Enterprise-Managed Authorization (cross-app access,
 * SEP-990): an OpenID Connect ID token the enterprise identity provider issued when the user signed
 * in to this application (single sign-on). The client exchanges it at the identity provider for an
 * ID-JAG, and the ID-JAG at the MCP server's authorization server for an access token.
 *
 * Called each time the client needs a new access token, so it can return a fresh ID token.
 * Needed for the `urn:ietf:params:oauth:grant-type:jwt-bearer` grant only
 * (`McpTokens.McpIdentityAssertionProvider` in `@sprout-ai/boot`).
 *
 * @returns the ID token (a JWT)
 * @remarks Not in Spring AI, which leaves MCP authorization to Spring Security; Sprout's seam for it.
 * @see https://modelcontextprotocol.io/extensions/auth/enterprise-managed-authorization
 */
export type McpIdentityAssertionProvider = (request: McpIdentityAssertionRequest) => Promise<string>;
