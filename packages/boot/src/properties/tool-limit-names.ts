import { closestMatch } from './closest-match';
import { isEnvironmentVariableOrigin, OVERRIDE_ORIGIN } from './property-reader';
import type { SproutProperties } from './sprout-properties';
import { TOOL_CALLING_PROPERTY_KEYS, type ToolCallLimitsProperties } from './tool-calling-properties';

/** A tool name in a `spring.ai.tools.limits.*` key or list that names no known tool. */
export interface UnmatchedToolLimitName {
  /** The property key, e.g. `spring.ai.tools.limits.max-calls-per-tool.getWheather`. */
  readonly key: string;
  /** Where it was set, e.g. `application.properties:3`. */
  readonly origin: string | undefined;
  /** The name as written, e.g. `getWheather`. */
  readonly name: string;
  /** The tools an environment variable's name matches ignoring case when there are several. */
  readonly ambiguousWith: readonly string[];
  /** The closest tool name when the name looks like a typo of it. */
  readonly suggestion: string | undefined;
  /** The warning to log. */
  readonly message: string;
}

/** What {@link bindToolLimitNames} gives. */
export interface BoundToolLimitNames {
  /** The limits with each tool name as the tools spell it. */
  readonly limits: ToolCallLimitsProperties;
  /** Every name that matched no tool (or several), in key order. */
  readonly unmatched: readonly UnmatchedToolLimitName[];
}

/**
 * Matches the tool names of `spring.ai.tools.limits.max-calls-per-tool.<name>` and
 * `spring.ai.tools.limits.excluded-tools` to the tools known at start-up. A name from a properties
 * file or an override must be the tool's exact name. A name from an environment variable, which is
 * upper case by convention (`..._MAX_CALLS_PER_TOOL_GETWEATHER`), binds to the one tool whose name
 * equals it ignoring case (`-` and `.` written as `_`); when no tool or several tools match, it is
 * reported, with the closest tool name when it looks like a typo.
 *
 * @param limits - the validated `spring.ai.tools.limits.*` group
 * @param toolNames - the tools known at start-up (scanned `@Tool` methods and MCP tools)
 * @param properties - where each key came from
 * @returns the limits with matched names rewritten, and what matched nothing
 * @remarks Spring's relaxed binding lower-cases map keys from environment variables and matches tool
 * names exactly; matching them to a tool ignoring case is Sprout's.
 */
export function bindToolLimitNames(
  limits: ToolCallLimitsProperties,
  toolNames: readonly string[],
  properties: Pick<SproutProperties, 'origin'>,
): BoundToolLimitNames {
  const tools = new Set(toolNames);
  const unmatched: UnmatchedToolLimitName[] = [];
  /** The tool `name` stands for; as written when none (a tool given per request may carry it). */
  const bind = (key: string, name: string, listed: boolean): string => {
    if (tools.has(name)) return name;
    const origin = properties.origin(key);
    const candidates = isEnvironmentVariableOrigin(origin) ? relaxedMatches(name, toolNames) : [];
    if (candidates.length === 1) return candidates[0];
    unmatched.push(report({ key, origin, name, listed, ambiguousWith: candidates, toolNames }));
    return name;
  };

  // Two keys can name one tool (`getWeather` in the file, `..._GETWEATHER` in the environment): the
  // higher source wins, as for one key (overrides, then environment variables, then the file).
  const maxCallsPerTool: Record<string, number> = {};
  const rankOf: Record<string, number> = {};
  for (const [name, limit] of Object.entries(limits.maxCallsPerTool)) {
    const key = `${TOOL_CALLING_PROPERTY_KEYS.maxCallsPerTool}.${name}`;
    const tool = bind(key, name, false);
    const rank = sourceRank(properties.origin(key));
    if (rankOf[tool] === undefined || rank > rankOf[tool]) {
      maxCallsPerTool[tool] = limit;
      rankOf[tool] = rank;
    }
  }
  const excludedTools = limits.excludedTools.map((name) => bind(TOOL_CALLING_PROPERTY_KEYS.excludedTools, name, true));
  return { limits: { ...limits, maxCallsPerTool, excludedTools }, unmatched };
}

function sourceRank(origin: string | undefined): number {
  if (origin === OVERRIDE_ORIGIN) return 2;
  return isEnvironmentVariableOrigin(origin) ? 1 : 0;
}

/** The tools an environment variable's name part stands for: equal ignoring case, `-` and `.` as `_`. */
function relaxedMatches(name: string, toolNames: readonly string[]): string[] {
  const wanted = name.toLowerCase();
  return toolNames.filter((tool) => tool.toLowerCase().replaceAll('-', '_').replaceAll('.', '_') === wanted);
}

function report(issue: {
  key: string;
  origin: string | undefined;
  name: string;
  listed: boolean;
  ambiguousWith: readonly string[];
  toolNames: readonly string[];
}): UnmatchedToolLimitName {
  const { key, origin, name, listed, ambiguousWith, toolNames } = issue;
  const what = `Property '${key}'${origin ? ` (from ${origin})` : ''}${listed ? ` lists '${name}', which` : ''}`;
  const suggestion = ambiguousWith.length > 0 ? undefined : closestMatch(name, toolNames);
  let message: string;
  if (ambiguousWith.length > 0) {
    message =
      `${what} matches the tools ${ambiguousWith.map((t) => `'${t}'`).join(' and ')} when case is ignored, so ` +
      'it limits none of them; set it with the exact tool name, e.g. in application.properties.';
  } else {
    message =
      `${what} names no tool known at start-up, so it limits nothing unless a request brings that tool` +
      (suggestion === undefined ? '' : `; did you mean '${suggestion}'?`) +
      (suggestion === undefined ? `. Known tools: ${shown(toolNames)}.` : '');
  }
  return { key, origin, name, ambiguousWith, suggestion, message };
}

function shown(toolNames: readonly string[]): string {
  if (toolNames.length === 0) return 'none';
  const first = toolNames.slice(0, 10).join(', ');
  return toolNames.length > 10 ? `${first} … (${toolNames.length} in all)` : first;
}
