import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/**
 * Where a connection's OAuth tokens are kept between requests and sessions. Store what `save` gets
 * unchanged (it includes the `issuer` they were issued by); a store can be pre-filled with tokens
 * obtained elsewhere, so the client starts authorized.
 *
 * @see InMemoryMcpOAuthTokenStore
 */
export interface McpOAuthTokenStore {
  /** @returns the connection's tokens, or `undefined` when it has none */
  load(connectionName: string): OAuthTokens | undefined | Promise<OAuthTokens | undefined>;
  /** Keeps new tokens (after an authorization, a refresh). */
  save(connectionName: string, tokens: OAuthTokens): void | Promise<void>;
  /** Forgets the connection's tokens (the server rejected them). */
  clear(connectionName: string): void | Promise<void>;
}

/** An {@link McpOAuthTokenStore} in memory: tokens last as long as the process. */
export class InMemoryMcpOAuthTokenStore implements McpOAuthTokenStore {
  private readonly tokens = new Map<string, OAuthTokens>();

  /** @param initial - tokens to start with, by connection name */
  constructor(initial: Readonly<Record<string, OAuthTokens>> = {}) {
    for (const [name, tokens] of Object.entries(initial)) this.tokens.set(name, tokens);
  }

  load(connectionName: string): OAuthTokens | undefined {
    return this.tokens.get(connectionName);
  }

  save(connectionName: string, tokens: OAuthTokens): void {
    this.tokens.set(connectionName, tokens);
  }

  clear(connectionName: string): void {
    this.tokens.delete(connectionName);
  }
}
