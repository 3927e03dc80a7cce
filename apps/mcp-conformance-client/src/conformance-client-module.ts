import { McpTokens, SproutTokens } from '@sprout-ai/boot';
import { type ChatModel, SproutError } from '@sprout-ai/core';
import type { McpElicitationHandler, McpIdentityAssertionProvider } from '@sprout-ai/mcp';
import { ContainerModule } from 'inversify';
import { headlessAuthorization } from './headless-authorization';

/** The client talks to no model; a ChatModel is bound only so the container needs no API key. */
const NO_CHAT_MODEL: ChatModel = {
  call: () => Promise.reject(new SproutError('The conformance client has no chat model.')),
};

/** A user who accepts every form as offered: the fields left out get the schema's defaults. */
const acceptDefaults: McpElicitationHandler = async () => ({ action: 'accept', content: {} });

/**
 * The wrapper's bindings: no model, an elicitation handler that accepts the defaults, a headless
 * browser for OAuth authorization, and, when the scenario's context holds one (cross-app access),
 * the user's ID token as if they had signed in through the identity provider.
 *
 * @param context - the scenario's context (`idp_id_token` is read)
 */
export function conformanceClientModule(context: Readonly<Record<string, unknown>> = {}): ContainerModule {
  const idToken = context.idp_id_token;
  return new ContainerModule(({ bind }) => {
    bind(SproutTokens.ChatModel).toConstantValue(NO_CHAT_MODEL);
    bind(McpTokens.McpElicitationHandler).toConstantValue(acceptDefaults);
    bind(McpTokens.McpAuthorizationCodeHandler).toConstantValue(headlessAuthorization);
    if (typeof idToken === 'string') {
      const signedInUser: McpIdentityAssertionProvider = () => Promise.resolve(idToken);
      bind(McpTokens.McpIdentityAssertionProvider).toConstantValue(signedInUser);
    }
  });
}
