import {
  ConfigurationError,
  type ChatModelRequestOptions,
  type EmbeddingModel,
  type RetryOptions,
} from '@sprout-ai/core';
import {
  type ProviderClientSettings,
  providerRetryVerdict,
  RequestSignal,
  resolveProviderClientSettings,
  retryModelCall,
  sdkClientOptions,
} from '@sprout-ai/core/internal';
import type OpenAI from 'openai';
import { OpenAiApiError, toOpenAiApiError, type OpenAiRequestContext } from './openai-api-error';
import { openAiSdk } from './openai-sdk';
import {
  DEFAULT_OPENAI_BASE_URL,
  DEFAULT_OPENAI_EMBEDDING_MODEL,
  DEFAULT_OPENAI_IDLE_TIMEOUT_MS,
  DEFAULT_OPENAI_MAX_RETRIES,
  DEFAULT_OPENAI_TIMEOUT_MS,
} from './openai-defaults';
import { resolveOpenAiBaseUrl } from './resolve-openai-base-url';

/** Most inputs OpenAI takes in one `/v1/embeddings` request; longer lists are sent in batches. */
export const OPENAI_EMBEDDING_MAX_INPUTS = 2048;

/** Constructor options of {@link OpenAiEmbeddingModel}. */
export interface OpenAiEmbeddingModelOptions {
  /** Endpoint, with or without `/v1` (as `OpenAiChatModel`'s). @defaultValue {@link DEFAULT_OPENAI_BASE_URL} */
  readonly baseUrl?: string;
  /** Bearer token; falls back to `OPENAI_API_KEY`, then to a placeholder (local servers need none). */
  readonly apiKey?: string;
  /** A ready client; when given, `baseUrl`, `apiKey`, `organization`, `project`, `maxRetries` and `timeoutMs` are ignored. */
  readonly client?: OpenAI;
  /** `OpenAI-Organization` header. */
  readonly organization?: string;
  /** `OpenAI-Project` header. */
  readonly project?: string;
  /** The embedding model. @defaultValue {@link DEFAULT_OPENAI_EMBEDDING_MODEL} */
  readonly model?: string;
  /** Length of the vectors asked for (`text-embedding-3-*` models); unset leaves it to the model. */
  readonly dimensions?: number;
  /**
   * Retries on connection errors, 408, 409, 429 and 5xx, waiting as the `openai` client would, when
   * `retry` is not set. @defaultValue {@link DEFAULT_OPENAI_MAX_RETRIES}; `0` or unset with `retry`
   */
  readonly maxRetries?: number;
  /**
   * Retry failed requests by Spring's rules (`spring.ai.retry.*`), as `OpenAiChatModel` does: this
   * model alone retries; the `openai` client's own retries are always off, also a given `client`'s.
   * @remarks The boot auto-configuration sets it from `spring.ai.retry.*`.
   */
  readonly retry?: RetryOptions;
  /** Time allowed per request attempt, in milliseconds. @defaultValue {@link DEFAULT_OPENAI_TIMEOUT_MS} */
  readonly timeoutMs?: number;
}

const PLACEHOLDER_API_KEY = 'no-api-key';

/**
 * An {@link EmbeddingModel} over OpenAI's (or an OpenAI-compatible server's) `/v1/embeddings`,
 * through the `openai` client. Vectors are asked for as floats (`encoding_format: "float"`, which
 * every compatible server supports); lists longer than {@link OPENAI_EMBEDDING_MAX_INPUTS} are
 * sent in batches.
 *
 * @example
 * ```ts
 * const embeddings = new OpenAiEmbeddingModel({ apiKey: process.env.OPENAI_API_KEY, model: 'text-embedding-3-small' });
 * const [vector] = await embeddings.embed(['cancel an order']);
 * ```
 * @see Spring AI `OpenAiEmbeddingModel`
 * @remarks Spring's batching counts tokens (`TokenCountBatchingStrategy`); here batches count inputs.
 */
export class OpenAiEmbeddingModel implements EmbeddingModel {
  /** The embedding model asked for, e.g. `text-embedding-ada-002`. */
  readonly model: string;
  /** Vector length asked for; `undefined` = the model's own. */
  readonly dimensions?: number;
  /** The base URL requests go to, e.g. `https://api.openai.com/v1`. */
  readonly baseUrl: string;

  readonly #client: OpenAI;
  readonly #settings: ProviderClientSettings;

  /**
   * @throws ConfigurationError when `baseUrl` is not an absolute http(s) URL, `dimensions` is not an
   * integer ≥ 1, or both `retry` and a positive `maxRetries` are given
   */
  constructor(options: OpenAiEmbeddingModelOptions = {}) {
    const { dimensions } = options;
    if (dimensions !== undefined && (!Number.isInteger(dimensions) || dimensions < 1)) {
      throw new ConfigurationError({
        setting: 'OpenAiEmbeddingModel dimensions',
        value: dimensions,
        allowed: 'an integer >= 1',
        message: `OpenAiEmbeddingModel dimensions must be an integer >= 1, got ${String(dimensions)}.`,
      });
    }
    this.#settings = resolveProviderClientSettings(
      { model: 'OpenAiEmbeddingModel', logger: 'sprout-ai.openai.OpenAiEmbeddingModel', sdk: 'openai' },
      options,
      {
        maxRetries: DEFAULT_OPENAI_MAX_RETRIES,
        timeoutMs: DEFAULT_OPENAI_TIMEOUT_MS,
        idleTimeoutMs: DEFAULT_OPENAI_IDLE_TIMEOUT_MS,
      },
    );
    this.model = options.model ?? DEFAULT_OPENAI_EMBEDDING_MODEL;
    this.dimensions = dimensions;
    if (options.client) {
      this.#client = options.client;
      this.baseUrl = options.client.baseURL;
      return;
    }
    this.baseUrl = resolveOpenAiBaseUrl(options.baseUrl ?? DEFAULT_OPENAI_BASE_URL);
    const { OpenAI } = openAiSdk();
    this.#client = new OpenAI({
      baseURL: this.baseUrl,
      apiKey: options.apiKey || process.env.OPENAI_API_KEY || PLACEHOLDER_API_KEY,
      organization: options.organization,
      project: options.project,
      ...sdkClientOptions(this.#settings, 'openai'),
    });
  }

  /**
   * Embeds `texts`, in batches of at most {@link OPENAI_EMBEDDING_MAX_INPUTS}.
   *
   * @param texts - the texts, none empty
   * @param options - `signal` cancels the request
   * @returns one vector per text, in the order of `texts`
   * @throws RequestAbortedError when `signal` aborts first
   * @throws OpenAiApiError when the endpoint is unreachable, times out, answers an error status
   *   (e.g. 400 for an empty text) or answers without one vector per text
   */
  async embed(texts: readonly string[], options?: ChatModelRequestOptions): Promise<number[][]> {
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += OPENAI_EMBEDDING_MAX_INPUTS) {
      vectors.push(...(await this.#embedBatch(texts.slice(start, start + OPENAI_EMBEDDING_MAX_INPUTS), options)));
    }
    return vectors;
  }

  async #embedBatch(texts: string[], options: ChatModelRequestOptions | undefined): Promise<number[][]> {
    const { timeoutMs, idleTimeoutMs, retry, logger } = this.#settings;
    const context: OpenAiRequestContext = { baseUrl: this.baseUrl, model: this.model, timeoutMs, idleTimeoutMs, retry };
    const request = new RequestSignal(options?.signal);
    request.throwIfAborted();
    const params: OpenAI.EmbeddingCreateParams = {
      model: this.model,
      input: texts,
      encoding_format: 'float',
      ...(this.dimensions === undefined ? {} : { dimensions: this.dimensions }),
    };
    let response: OpenAI.CreateEmbeddingResponse;
    try {
      response = await retryModelCall(
        async () => {
          try {
            return await request.race(
              this.#client.embeddings.create(params, { signal: request.signal, maxRetries: 0 }),
            );
          } catch (error) {
            throw request.abortedError(error) ?? toOpenAiApiError(error, context);
          }
        },
        { retry, signal: request.signal, logger, verdict: providerRetryVerdict },
      );
    } catch (error) {
      throw request.abortedError(error) ?? error;
    } finally {
      request.release();
    }
    const data = Array.isArray(response?.data) ? response.data : [];
    const vectors = new Array<number[] | undefined>(texts.length);
    for (const item of data) {
      if (
        Number.isInteger(item.index) &&
        item.index >= 0 &&
        item.index < texts.length &&
        Array.isArray(item.embedding)
      ) {
        vectors[item.index] = item.embedding;
      }
    }
    if (vectors.some((v) => v === undefined) || data.length !== texts.length) {
      throw new OpenAiApiError({
        message:
          `OpenAI-compatible endpoint ${this.baseUrl} answered an embeddings request for ${texts.length} text(s) ` +
          `with ${data.length} vector(s). Check spring.ai.openai.embedding.base-url and the model ${this.model}.`,
        baseUrl: this.baseUrl,
        model: this.model,
        status: 200,
      });
    }
    return vectors as number[][];
  }
}
