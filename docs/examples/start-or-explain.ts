import { SproutApplication, type SproutApplicationOptions } from '@sprout-ai/boot';
import { ConfigurationError, MissingPeerDependencyError, SproutError } from '@sprout-ai/core';

/** Starts the application, or says what the operator has to fix. */
export async function startOrExplain(options: SproutApplicationOptions): Promise<SproutApplication | string> {
  try {
    return await SproutApplication.run(options);
  } catch (error) {
    // isInstance, not instanceof: true as well for an error of another copy of the package.
    if (ConfigurationError.isInstance(error)) {
      // An InvalidPropertyError too: its setting is the property key, its source the file and line.
      const from = error.source === undefined ? '' : ` (${error.source})`;
      return `Set ${error.setting}${from} to ${error.allowed}.`;
    }
    if (MissingPeerDependencyError.isInstance(error)) return `Run ${error.installCommand}.`;
    if (SproutError.isInstance(error)) return error.message; // what happened and how to fix it
    throw error; // a bug, not a setting
  }
}
