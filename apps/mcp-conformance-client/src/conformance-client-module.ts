import { SproutTokens } from '@sprout-ai/boot';
import { type ChatModel, SproutError } from '@sprout-ai/core';
import { ContainerModule } from 'inversify';

/** The client talks to no model; a ChatModel is bound only so the container needs no API key. */
const NO_CHAT_MODEL: ChatModel = {
  call: () => Promise.reject(new SproutError('The conformance client has no chat model.')),
};

/** The wrapper's bindings. */
export function conformanceClientModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(SproutTokens.ChatModel).toConstantValue(NO_CHAT_MODEL);
  });
}
