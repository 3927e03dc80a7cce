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
 * Names a set of MCP tools from one or more connections. The names are unique, provider-safe and
 * deterministic (the same tools give the same names, whatever the order):
 * 1. each name is made provider-safe with {@link toProviderSafeToolName};
 * 2. tools of **different** connections that end with the same name are all prefixed with their
 *    connection name (`github_search`, `jira_search`);
 * 3. any names still equal (e.g. `a.b` and `a_b` on one server) get `_<hash>` of connection and
 *    original name appended;
 * 4. a name still taken more than once — a generated name equal to another tool's literal name
 *    (`a_b_d53e299c` listed next to `a.b` and `a_b`), or two generated names that happen to match —
 *    goes to one tool: a tool listed under exactly that name first, then the smallest
 *    (connection, tool name); each other tool gets `_<hash>` of its connection, its name and a
 *    counter, the counter rising until the name is taken by no tool at all.
 *
 * @param requests - the tools to name (all connections together, so names are unique across them)
 * @returns the final names, in the order of `requests`; all different
 * @see Spring AI `DefaultMcpToolNamePrefixGenerator`
 * @remarks Spring keeps the first tool's name and renames later duplicates `alt_<N>_<name>`, so
 * names depend on listing order; here every duplicate is prefixed.
 */
export function assignMcpToolNames(requests: readonly McpToolNameRequest[]): string[] {
  const safeNames = requests.map((request) => toProviderSafeToolName(request.toolName));
  const connectionsByName = new Map<string, Set<string>>();
  safeNames.forEach((name, i) => {
    const connections = connectionsByName.get(name) ?? new Set<string>();
    connections.add(requests[i].connectionName);
    connectionsByName.set(name, connections);
  });
  const stems = safeNames.map((name, i) => {
    if ((connectionsByName.get(name)?.size ?? 0) < 2) return name;
    const { connectionName, toolName } = requests[i];
    return fitLength(`${toProviderSafeToolName(connectionName)}_${name}`, `${connectionName}/${toolName}`);
  });
  const counts = countEach(stems);
  const candidates = stems.map((stem, i) => {
    if ((counts.get(stem) ?? 0) < 2) return stem;
    const { connectionName, toolName } = requests[i];
    return withHash(stem, `${connectionName}/${toolName}`);
  });
  return resolveCollisions(requests, stems, candidates);
}

/**
 * Makes the candidate names unique: for each name wanted by several tools one keeps it (see
 * {@link assignMcpToolNames}, step 4) and the others get a fresh hashed name that no tool wants.
 * Tools are visited in an order that depends only on the tools, never on their listing order.
 */
function resolveCollisions(
  requests: readonly McpToolNameRequest[],
  stems: readonly string[],
  candidates: readonly string[],
): string[] {
  const wanted = countEach(candidates);
  const order = requests
    .map((_, i) => i)
    .sort(
      (x, y) =>
        Number(candidates[y] === requests[y].toolName) - Number(candidates[x] === requests[x].toolName) ||
        compare(requests[x].connectionName, requests[y].connectionName) ||
        compare(requests[x].toolName, requests[y].toolName) ||
        x - y,
    );
  const taken = new Set<string>(candidates);
  const kept = new Set<string>();
  const names: string[] = [...candidates];
  const renamed: number[] = [];
  for (const i of order) {
    if ((wanted.get(candidates[i]) ?? 0) < 2 || !kept.has(candidates[i])) kept.add(candidates[i]);
    else renamed.push(i);
  }
  for (const i of renamed) {
    const { connectionName, toolName } = requests[i];
    const key = JSON.stringify([connectionName, toolName]);
    let name = candidates[i];
    for (let n = 1; taken.has(name); n++) name = withHash(stems[i], `${key}#${n}`);
    taken.add(name);
    names[i] = name;
  }
  return names;
}

/** `name` shortened to leave room for `_<hash of key>`, with that appended. */
function withHash(name: string, key: string): string {
  const head = name.slice(0, MAX_TOOL_NAME_LENGTH - HASH_LENGTH - 1).replace(/_+$/, '');
  return `${head}_${shortHash(key)}`;
}

function countEach(names: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}

/** Code-unit order, independent of locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Keeps names of up to 64 characters; longer ones become their first 55 characters + `_<hash of key>`. */
function fitLength(name: string, key: string): string {
  return name.length <= MAX_TOOL_NAME_LENGTH ? name : withHash(name, key);
}

function shortHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, HASH_LENGTH);
}
