import type { IncomingMessage } from 'node:http';
import type { McpHttpAuthenticator, McpToolContextFactory } from '@sprout-ai/mcp';
import { USER_ID_CONTEXT_KEY } from '@sprout-ai/order-support/dist/order-tools';

/** Environment variable naming the caller of a stdio server (the `--user` flag wins). */
export const MCP_USER_ID_ENV = 'SPROUT_MCP_USER_ID';

/**
 * The demo authenticator of the HTTP transport: `Authorization: Bearer <userId>` makes `<userId>`
 * the caller; no header means anonymous.
 *
 * @remarks A demo: the token *is* the user id. A real server verifies a token (a JWT, an opaque
 * token looked up in a session store …) here and returns the user it belongs to.
 */
export const bearerUserAuthenticator: McpHttpAuthenticator = (request: IncomingMessage) => {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match ? { token: match[1], clientId: match[1], scopes: [] } : undefined;
};

/**
 * Puts the caller's user id into the tools' `ToolContext` under `userId`: over HTTP the
 * authenticated client (see {@link bearerUserAuthenticator}); over stdio the user the server
 * process was started for (`stdioUserId`). The request's `_meta` is never used: a client could put
 * anything there.
 *
 * @param stdioUserId - the user of a stdio server, from `--user` or `SPROUT_MCP_USER_ID`
 */
export function callerToolContext(stdioUserId: string | undefined): McpToolContextFactory {
  return (request) => {
    const userId = request.authInfo?.clientId ?? (request.sessionId === undefined ? stdioUserId : undefined);
    return userId === undefined ? {} : { [USER_ID_CONTEXT_KEY]: userId };
  };
}
