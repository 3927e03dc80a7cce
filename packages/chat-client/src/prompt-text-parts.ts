import { ConfigurationError, Media, type MediaData } from '@sprout-ai/core';
import { type RequestSpecState, requireText } from './request-spec-state';

/** What `.system(…)`/`.user(…)` and their `default…` forms take: a text, or a callback. */
export type PromptTextInput<S> = string | ((spec: S) => void);

/**
 * Applies a system or user input to `state`: a string replaces the text; a callback's text (when it
 * sets one) replaces it and its parameters are added to the ones there, as in Spring.
 *
 * @param create - makes the spec handed to a callback
 * @throws ConfigurationError when the input is neither a non-blank string nor a function, or the
 *   callback sets a blank text or a null parameter
 */
export function applyPromptText<S>(
  state: RequestSpecState,
  role: 'system' | 'user',
  input: unknown,
  create: (parts: PromptTextParts) => S,
  method: string,
): void {
  if (typeof input !== 'function') {
    setText(state, role, requireText(input, method));
    return;
  }
  const parts: PromptTextParts = { params: {}, media: [] };
  (input as (spec: S) => void)(create(parts));
  if (parts.text !== undefined) setText(state, role, parts.text);
  Object.assign(role === 'system' ? state.systemParams : state.userParams, parts.params);
  state.userMedia.push(...parts.media);
}

function setText(state: RequestSpecState, role: 'system' | 'user', text: string): void {
  if (role === 'system') state.systemText = text;
  else state.userText = text;
}

/** What a `.user(u => …)` / `.system(s => …)` callback gave (internal). */
export interface PromptTextParts {
  text?: string;
  readonly params: Record<string, unknown>;
  /** User media (`u.media(…)`); a system spec has none. */
  readonly media: Media[];
}

/** Sets the text of `parts`. @throws ConfigurationError when blank */
export function setPromptText(parts: PromptTextParts, text: unknown, method: string): void {
  parts.text = requireText(text, method);
}

/**
 * Adds template parameters to `parts` (a later value wins).
 *
 * @throws ConfigurationError when a name is blank or a value is `null`/`undefined`, or `params` is
 * not a plain object
 */
export function addPromptParams(parts: PromptTextParts, params: unknown, method: string): void {
  if (typeof params !== 'object' || params === null || Array.isArray(params) || params instanceof Map) {
    throw paramError(method, params, `${method}(): params must be a plain object such as { orderId: 'A123' }.`);
  }
  for (const [name, value] of Object.entries(params)) {
    if (name.trim() === '') throw paramError(method, params, `${method}(): a parameter name cannot be empty.`);
    if (value === null || value === undefined) {
      throw paramError(
        method,
        params,
        `${method}(): the value of template parameter '${name}' cannot be ${String(value)}. Give a value, or ` +
          'remove the placeholder from the text.',
      );
    }
  }
  Object.assign(parts.params, params);
}

/**
 * Adds media to `parts`: `Media` objects, or one made of a MIME type and data.
 *
 * @throws ConfigurationError when an item is not a `Media`, or the MIME type or data is not allowed
 */
export function addPromptMedia(parts: PromptTextParts, args: readonly unknown[], method: string): void {
  if (typeof args[0] === 'string') {
    parts.media.push(new Media({ mimeType: args[0], data: args[1] as MediaData | string }));
    return;
  }
  for (const item of args) {
    if (!(item instanceof Media)) {
      throw new ConfigurationError({
        setting: method,
        value: item,
        allowed: "Media objects, or a MIME type and data: media('image/png', url)",
        message: `${method}(): expected Media objects, or a MIME type and a URL or bytes, got ${String(item)}.`,
      });
    }
    parts.media.push(item);
  }
}

function paramError(method: string, value: unknown, message: string): ConfigurationError {
  return new ConfigurationError({
    setting: method,
    value,
    allowed: 'non-blank names with values that are not null or undefined',
    message,
  });
}
