import type { ToolCallback } from '../tool-callback';
import { DuplicateToolNameError } from './duplicate-tool-name-error';

/**
 * Checks that no two callbacks share a tool name.
 *
 * @param callbacks - one tool set, e.g. everything a request offers the model
 * @throws DuplicateToolNameError naming each duplicated name and the sources of the tools that
 * carry it (the callback's `source`, else `tool '<name>'`)
 * @see Spring AI `ToolUtils.getDuplicateToolNames`
 */
export function assertUniqueToolNames(callbacks: Iterable<ToolCallback>): void {
  const list = Array.isArray(callbacks) ? (callbacks as readonly ToolCallback[]) : [...callbacks];
  if (list.length < 2) return;
  const names = new Set<string>();
  for (const callback of list) names.add(callback.toolDefinition.name);
  if (names.size === list.length) return;
  const byName = new Map<string, ToolCallback[]>();
  for (const callback of list) {
    const name = callback.toolDefinition.name;
    byName.set(name, [...(byName.get(name) ?? []), callback]);
  }
  const duplicates = [...byName].filter(([, group]) => group.length > 1);
  if (duplicates.length === 0) return;
  throw new DuplicateToolNameError({
    names: duplicates.map(([name]) => name),
    sources: duplicates.flatMap(([name, group]) => group.map((c) => c.source ?? `tool '${name}'`)),
  });
}
