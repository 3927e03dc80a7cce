import { ConfigurationError } from '../../error/configuration-error';
import type { ToolDefinition } from '../../tool/definition/tool-definition';
import { assertUniqueToolNames } from '../../tool/support/assert-unique-tool-names';
import type { ToolCallingChatOptions } from './tool-calling-chat-options';
import type { ToolCallingManager } from './tool-calling-manager';

/**
 * The tool definitions a provider sends with a request: the manager's resolution when the model
 * has a manager (callbacks, then `toolNames`), else the definitions of the options' callbacks.
 *
 * @param options - the request's merged options
 * @param manager - the model's tool calling manager, if any
 * @param modelName - the provider class, named in the error, e.g. `OpenAiChatModel`
 * @returns the definitions, in order
 * @throws ConfigurationError when the options name tools (`toolNames`) and there is no manager
 * @throws DuplicateToolNameError when two callbacks share a name
 */
export function resolveRequestToolDefinitions(
  options: ToolCallingChatOptions,
  manager: ToolCallingManager | undefined,
  modelName: string,
): readonly ToolDefinition[] {
  if (manager) return manager.resolveToolDefinitions(options);
  if (options.toolNames?.length) {
    throw new ConfigurationError({
      setting: `${modelName} toolCallingManager`,
      value: undefined,
      allowed: 'a ToolCallingManager to resolve the toolNames of requests',
      message:
        `The request names tools [${options.toolNames.join(', ')}] but ${modelName} has no toolCallingManager ` +
        'to resolve names. Pass toolCallingManager to the constructor, or give the tools as toolCallbacks.',
    });
  }
  const callbacks = options.toolCallbacks ?? [];
  assertUniqueToolNames(callbacks);
  return callbacks.map((callback) => callback.toolDefinition);
}
