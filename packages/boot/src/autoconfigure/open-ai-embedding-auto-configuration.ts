import type { EmbeddingModel } from '@sprout-ai/core';
import { OpenAiEmbeddingModel } from '@sprout-ai/openai';
import { ContainerModule } from 'inversify';
import type { SproutProperties } from '../properties/sprout-properties';
import { SproutTokens } from '../sprout-tokens';

/**
 * Binds `EmbeddingModel` to an `OpenAiEmbeddingModel` built from `spring.ai.openai.embedding.*`
 * (base URL, API key, organization and project inherited from `spring.ai.openai.*` when not set
 * there; `options.model`, `options.dimensions`) and `spring.ai.retry.*` (the model alone retries), when an OpenAI API key is configured and the
 * user's modules bound no `EmbeddingModel`. Singleton; nothing is sent until something embeds.
 *
 * @remarks Departure from Spring: without an API key nothing is bound (Spring's auto-configuration
 * fails); only what needs an embedding model (`tool-index-type=vector`) reports it missing.
 * @see Spring AI `OpenAiEmbeddingAutoConfiguration`
 */
export class OpenAiEmbeddingAutoConfiguration extends ContainerModule {
  /**
   * @param properties - the application's properties (the `openAi.embedding` group is used)
   */
  constructor(properties: SproutProperties) {
    const embedding = properties.openAi.embedding;
    super(({ bind, isBound }) => {
      if (isBound(SproutTokens.EmbeddingModel) || embedding.apiKey === undefined) return;
      bind<EmbeddingModel>(SproutTokens.EmbeddingModel)
        .toDynamicValue(
          () =>
            new OpenAiEmbeddingModel({
              baseUrl: embedding.baseUrl,
              apiKey: embedding.apiKey,
              organization: embedding.organizationId,
              project: embedding.projectId,
              model: embedding.model,
              dimensions: embedding.dimensions,
              retry: properties.retry,
            }),
        )
        .inSingletonScope();
    });
  }
}
