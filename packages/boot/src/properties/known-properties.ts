import { ANTHROPIC_PROPERTY_KEYS } from './anthropic-properties';
import { CHAT_CLIENT_PROPERTY_KEYS } from './chat-client-properties';
import { closestMatch } from './closest-match';
import { CHAT_MEMORY_PROPERTY_KEYS } from './chat-memory-properties';
import { MCP_CLIENT_PROPERTY_KEYS } from './mcp-client-properties';
import { MCP_SERVER_PROPERTY_KEYS } from './mcp-server-properties';
import { MODEL_PROPERTY_KEYS } from './model-properties';
import { OPENAI_PROPERTY_KEYS } from './open-ai-properties';
import { RETRY_PROPERTY_KEYS } from './retry-properties';
import { SCHEMA_PROPERTY_KEYS } from '../schema/schema-properties';
import { TOOL_APPROVAL_PROPERTY_KEYS } from './tool-approval-properties';
import { TOOL_CALLING_PROPERTY_KEYS } from './tool-calling-properties';
import { TOOL_SEARCH_ADVISOR_PROPERTY_KEYS } from './tool-search-advisor-properties';

const { maxCallsPerTool, ...scalarToolCallingKeys } = TOOL_CALLING_PROPERTY_KEYS;
const { httpHeaders, ...scalarOpenAiKeys } = OPENAI_PROPERTY_KEYS;

/** Every scalar key Sprout binds, in canonical kebab-case form. */
export const KNOWN_PROPERTY_KEYS: readonly string[] = [
  ...Object.values(scalarToolCallingKeys),
  ...Object.values(scalarOpenAiKeys),
  ...Object.values(RETRY_PROPERTY_KEYS),
  ...Object.values(ANTHROPIC_PROPERTY_KEYS),
  ...Object.values(MODEL_PROPERTY_KEYS),
  ...Object.values(CHAT_CLIENT_PROPERTY_KEYS),
  ...Object.values(TOOL_SEARCH_ADVISOR_PROPERTY_KEYS),
  ...Object.values(CHAT_MEMORY_PROPERTY_KEYS),
  ...Object.values(MCP_CLIENT_PROPERTY_KEYS),
  ...Object.values(MCP_SERVER_PROPERTY_KEYS),
  ...Object.values(SCHEMA_PROPERTY_KEYS),
  ...Object.values(TOOL_APPROVAL_PROPERTY_KEYS),
];

/** Map-style keys: the prefix is followed by `.<name>`, and the name is kept verbatim. */
export const KNOWN_MAP_PROPERTY_PREFIXES: readonly string[] = [maxCallsPerTool, httpHeaders];

/** Keys under these prefixes that Sprout does not know draw a warning (likely a typo or an unsupported Spring key). */
export const MANAGED_PROPERTY_PREFIXES: readonly string[] = [
  'spring.ai.tools.',
  'spring.ai.openai.',
  'spring.ai.retry.',
  'spring.ai.anthropic.',
  'spring.ai.model.',
  'spring.ai.chat.client.',
  'spring.ai.chat.memory.',
  'spring.ai.chat.observations.',
];

/** Spring's relaxed form used for comparison: lower case, `-` and `_` removed. */
export function relaxedForm(key: string): string {
  // String replaceAll, not a regex: start-up calls this before anything else has compiled a regex.
  return key.toLowerCase().replaceAll('-', '').replaceAll('_', '');
}

let knownKeysByRelaxedForm: Map<string, string> | undefined;
let knownKeysByEnvironmentName: Map<string, string> | undefined;
let knownKeys: ReadonlySet<string> | undefined;

/**
 * The canonical form of a key written in any relaxed style (`apiKey`, `api_key`, `API-KEY` all read
 * as `api-key`); map-style keys keep their trailing name verbatim. Unknown keys are returned as given.
 */
export function canonicalPropertyKey(key: string): string {
  knownKeys ??= new Set(KNOWN_PROPERTY_KEYS);
  // Most keys are written in their canonical form: no relaxed form to derive.
  if (knownKeys.has(key)) return key;
  // Every property read goes through here: look the relaxed form up instead of re-deriving each known key's.
  knownKeysByRelaxedForm ??= new Map(KNOWN_PROPERTY_KEYS.map((known) => [relaxedForm(known), known]));
  const known = knownKeysByRelaxedForm.get(relaxedForm(key));
  if (known !== undefined) return known;
  const segments = key.split('.');
  for (const prefix of KNOWN_MAP_PROPERTY_PREFIXES) {
    const count = prefix.split('.').length;
    if (segments.length > count && relaxedForm(segments.slice(0, count).join('.')) === relaxedForm(prefix)) {
      return `${prefix}.${segments.slice(count).join('.')}`;
    }
  }
  return key;
}

/** Environment-variable spellings of a key: `.`/`-` → `_`, and (Spring's canonical form) `-` removed. */
export function environmentNames(key: string): string[] {
  const upper = key.toUpperCase();
  return [upper.replace(/[.-]/g, '_'), upper.replace(/-/g, '').replace(/\./g, '_')];
}

/**
 * The property key an environment variable sets, by Spring's relaxed binding, or `undefined`.
 * `SPRING_AI_OPENAI_BASE_URL` and `SPRING_AI_OPENAI_BASEURL` both set `spring.ai.openai.base-url`;
 * `SPRING_AI_TOOLS_LIMITS_MAX_CALLS_PER_TOOL_getOrderStatus` sets
 * `spring.ai.tools.limits.max-calls-per-tool.getOrderStatus` (the tool name is kept as written here;
 * `bindToolLimitNames` matches an upper-case one to its tool once the tools are known).
 */
export function propertyKeyForEnvironmentVariable(name: string): string | undefined {
  // Called for every environment variable at start-up: one map instead of deriving each known key's names.
  knownKeysByEnvironmentName ??= new Map(
    KNOWN_PROPERTY_KEYS.flatMap((key) => environmentNames(key).map((envName) => [envName, key] as const)).reverse(),
  );
  const known = knownKeysByEnvironmentName.get(name);
  if (known !== undefined) return known;
  for (const prefix of KNOWN_MAP_PROPERTY_PREFIXES) {
    for (const envPrefix of environmentNames(prefix)) {
      if (name.startsWith(`${envPrefix}_`) && name.length > envPrefix.length + 1) {
        return `${prefix}.${name.slice(envPrefix.length + 1)}`;
      }
    }
  }
  return undefined;
}

/** True when Sprout binds `key` (canonical form). */
export function isKnownPropertyKey(key: string): boolean {
  knownKeys ??= new Set(KNOWN_PROPERTY_KEYS);
  return knownKeys.has(key) || KNOWN_MAP_PROPERTY_PREFIXES.some((prefix) => key.startsWith(`${prefix}.`));
}

/**
 * The known key closest to `key` when it looks like a typo of it (edit distance ≤ 3), else `undefined`.
 * A typo in a map-style prefix keeps the name that follows it:
 * `spring.ai.tools.limits.max-calls-per-tol.getOrderStatus` → `spring.ai.tools.limits.max-calls-per-tool.getOrderStatus`.
 */
export function suggestPropertyKey(key: string): string | undefined {
  const scalar = closestMatch(key, KNOWN_PROPERTY_KEYS);
  if (scalar !== undefined) return scalar;
  const segments = key.split('.');
  for (const prefix of KNOWN_MAP_PROPERTY_PREFIXES) {
    const length = prefix.split('.').length;
    if (segments.length <= length) continue;
    if (closestMatch(segments.slice(0, length).join('.'), [prefix]) !== undefined) {
      return [prefix, ...segments.slice(length)].join('.');
    }
  }
  return undefined;
}
