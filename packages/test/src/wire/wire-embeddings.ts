import type { WireErrorStep } from './wire-exchange';

/** Vector length {@link wordHashEmbedding} gives when the request names no `dimensions`. */
export const DEFAULT_WIRE_EMBEDDING_DIMENSIONS = 64;

/** A `/v1/embeddings` request body as received (loose: the server records what a client sent). */
export interface WireEmbeddingRequest {
  readonly model?: string;
  /** A string or an array of strings (token arrays are not supported by the test server). */
  readonly input?: unknown;
  readonly dimensions?: number;
  /** `float` or `base64` (the `openai` client asks for `base64` unless told otherwise). */
  readonly encoding_format?: string;
  readonly [key: string]: unknown;
}

/**
 * What the server answers an embeddings request with: one vector per input text, or an error step.
 * The default is {@link wordHashEmbedding} of each input.
 *
 * @param texts - the request's inputs, in order
 * @param request - the whole body (for `model`, `dimensions`)
 * @param index - 0-based index of the request among the embeddings requests served
 */
export type WireEmbeddingFunction = (
  texts: readonly string[],
  request: WireEmbeddingRequest,
  index: number,
) => readonly (readonly number[])[] | WireErrorStep | Promise<readonly (readonly number[])[] | WireErrorStep>;

/**
 * A deterministic stand-in for a real embedding: each word (lower-cased Latin/digit run, or one
 * CJK character) is hashed into one of `dimensions` slots with a sign, and the sum is scaled to
 * length 1. Texts sharing words get a cosine similarity above 0; the same text, always the same
 * vector; no shared word, about 0.
 *
 * @param text - any text
 * @param dimensions - vector length, an integer ≥ 1
 * @returns a unit vector (all zeros for a text without words)
 */
export function wordHashEmbedding(text: string, dimensions: number = DEFAULT_WIRE_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  const words = text
    .toLowerCase()
    .match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}]+/gu);
  for (const word of words ?? []) {
    const hash = fnv1a(word);
    vector[hash % dimensions] += (hash >>> 16) & 1 ? 1 : -1;
  }
  const length = Math.hypot(...vector);
  return length === 0 ? vector : vector.map((x) => x / length);
}

/**
 * The `/v1/embeddings` route of the OpenAI wire server: validates the input as OpenAI does (a
 * non-empty string or array of non-empty strings), records the request, and answers with the
 * vectors of `embed`, as floats or base64 little-endian float32 as the request asks. Internal to
 * the test kit.
 */
export function embeddingsRoute(
  requests: WireEmbeddingRequest[],
  embed: WireEmbeddingFunction,
): (body: Record<string, unknown>) => Promise<WireErrorStep> {
  return async (body) => {
    const request = body as WireEmbeddingRequest;
    const index = requests.length;
    requests.push(request);
    const texts = typeof request.input === 'string' ? [request.input] : request.input;
    if (!Array.isArray(texts) || texts.length === 0 || texts.some((t) => typeof t !== 'string' || t === '')) {
      return invalid("'input' must be a non-empty string or a non-empty array of non-empty strings.");
    }
    const dimensions = request.dimensions ?? DEFAULT_WIRE_EMBEDDING_DIMENSIONS;
    if (!Number.isInteger(dimensions) || dimensions < 1) return invalid("'dimensions' must be an integer >= 1.");
    const answer = await embed(texts as string[], request, index);
    if (!Array.isArray(answer)) return answer as WireErrorStep;
    const base64 = request.encoding_format === 'base64';
    const data = (answer as readonly (readonly number[])[]).map((vector, i) => ({
      object: 'embedding',
      index: i,
      embedding: base64 ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector,
    }));
    const tokens = (texts as string[]).reduce((sum, text) => sum + text.split(/\s+/u).length, 0);
    return {
      status: 200,
      body: { object: 'list', data, model: request.model, usage: { prompt_tokens: tokens, total_tokens: tokens } },
    };
  };
}

/** The default embeddings answer: {@link wordHashEmbedding} of each text at the request's `dimensions`. */
export const defaultWireEmbedding: WireEmbeddingFunction = (texts, request) =>
  texts.map((text) => wordHashEmbedding(text, request.dimensions ?? DEFAULT_WIRE_EMBEDDING_DIMENSIONS));

function invalid(message: string): WireErrorStep {
  return {
    status: 400,
    body: { error: { message, type: 'invalid_request_error', code: null } },
    headers: { 'x-should-retry': 'false' },
  };
}

/** 32-bit FNV-1a hash of a string's UTF-16 code units. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
