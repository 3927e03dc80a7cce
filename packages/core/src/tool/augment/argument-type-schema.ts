import { MissingToolSchemaError } from '../schema/missing-tool-schema-error';
import type { ToolArgumentTypeSchema } from '../schema/tool-schema-manifest';
import type { ToolSchemaRegistry } from '../schema/tool-schema-registry';
import { runtimeArgumentTypeSchema } from './runtime-argument-type-schema';

/** A class whose instances carry augmented arguments, e.g. `AgentThinking`. */
export type AugmentedArgumentClass<T = unknown> = abstract new (...args: never[]) => T;

/**
 * The schema of an augmentation argument type: its manifest entry, else (when the registry allows
 * it) the runtime-only fallback.
 *
 * @param argumentType - the class, e.g. `AgentThinking`
 * @param registry - where manifests are loaded
 * @throws MissingToolSchemaError when there is none
 */
export function argumentTypeSchema(
  argumentType: AugmentedArgumentClass,
  registry: ToolSchemaRegistry,
): ToolArgumentTypeSchema {
  const entry =
    registry.getArgumentType(argumentType.name) ??
    (registry.runtimeFallback ? runtimeArgumentTypeSchema(argumentType) : undefined);
  if (entry === undefined) {
    throw new MissingToolSchemaError({ className: argumentType.name, loadedSources: registry.sources });
  }
  return entry;
}
