import { createHash } from 'node:crypto';

/** Tool names every OpenAI-compatible server accepts. */
export const PROVIDER_SAFE_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** Longest provider-safe tool name. */
export const MAX_TOOL_NAME_LENGTH = 64;

/** Length of the hex hash appended to shortened, rewritten or disambiguated names. */
const HASH_LENGTH = 8;

/** One MCP tool to be named: the connection it comes from and its name on that server. */
export interface McpToolNameRequest {
  /** The connection name, e.g. `github` (from `spring.ai.mcp.client.stdio.connections.github.*`). */
  readonly connectionName: string;
  /** The tool name as the MCP server lists it, e.g. `calendar.respondToEvent`. */
  readonly toolName: string;
}

/**
 * A provider-safe form of one name, on its own: characters outside `[a-zA-Z0-9_-]` become `_`
 * (runs collapsed, ends trimmed); a name that contained non-ASCII characters, or has nothing
 * readable left, gets `_<hash>` of the original appended (so `时间获取` and `时间设置` stay apart);
 * a name longer than 64 characters keeps its first 55 and ends with `_<hash>` of the original.
 * The hash is the first 8 hex digits of the SHA-256 of the original name, so the same name always
 * gives the same result.
 *
 * @param name - any tool name, e.g. `calendar.respondToEvent`
 * @returns a name matching {@link PROVIDER_SAFE_TOOL_NAME}, e.g. `calendar_respondToEvent`
 * @see Spring AI `McpToolUtils.format`
 * @remarks Spring deletes disallowed characters (`get.weather` → `getweather`), keeps CJK
 * ideographs (which OpenAI rejects) and never shortens; here they are replaced, hashed and
 * shortened, so every name is accepted by OpenAI and none collide.
 */
export function toProviderSafeToolName(name: string): string {
  let safe = name
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^_+|_+$/g, '');
  // eslint-disable-next-line no-control-regex
  const hadNonAscii = /[^\u0000-\u007f]/.test(name);
  if (!/[a-zA-Z0-9]/.test(safe)) safe = 'tool';
  if (hadNonAscii || safe === 'tool') safe = `${safe}_${shortHash(name)}`;
  return fitLength(safe, name);
}

/**
 * Names a set of MCP tools from one or more connections, deterministically (the same input gives
 * the same names, whatever the order):
 * 1. each name is made provider-safe with {@link toProviderSafeToolName};
 * 2. tools of **different** connections that end with the same name are all prefixed with their
 *    connection name (`github_search`, `jira_search`);
 * 3. any names still equal (e.g. `a.b` and `a_b` on one server) get `_<hash>` of connection and
 *    original name appended.
 *
 * @param requests - the tools to name
 * @returns the final names, in the order of `requests`
 * @see Spring AI `DefaultMcpToolNamePrefixGenerator`
 * @remarks Spring keeps the first tool's name and renames later duplicates `alt_<N>_<name>`, so
 * names depend on listing order; here every duplicate is prefixed.
 */
export function assignMcpToolNames(requests: readonly McpToolNameRequest[]): string[] {
  let names = requests.map((request) => toProviderSafeToolName(request.toolName));
  const connectionsByName = new Map<string, Set<string>>();
  names.forEach((name, i) => {
    const connections = connectionsByName.get(name) ?? new Set<string>();
    connections.add(requests[i].connectionName);
    connectionsByName.set(name, connections);
  });
  names = names.map((name, i) => {
    if ((connectionsByName.get(name)?.size ?? 0) < 2) return name;
    const { connectionName, toolName } = requests[i];
    return fitLength(`${toProviderSafeToolName(connectionName)}_${name}`, `${connectionName}/${toolName}`);
  });
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return names.map((name, i) => {
    if ((counts.get(name) ?? 0) < 2) return name;
    const { connectionName, toolName } = requests[i];
    const key = `${connectionName}/${toolName}`;
    return fitLength(`${name.slice(0, MAX_TOOL_NAME_LENGTH - HASH_LENGTH - 1)}_${shortHash(key)}`, key);
  });
}

/** Keeps names of up to 64 characters; longer ones become their first 55 characters + `_<hash of key>`. */
function fitLength(name: string, key: string): string {
  if (name.length <= MAX_TOOL_NAME_LENGTH) return name;
  const head = name.slice(0, MAX_TOOL_NAME_LENGTH - HASH_LENGTH - 1).replace(/_+$/, '');
  return `${head}_${shortHash(key)}`;
}

function shortHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, HASH_LENGTH);
}
