import {
  AssistantMessage,
  type ChatOptions,
  ConfigurationError,
  type Media,
  type Message,
  SystemMessage,
  type ToolCallback,
  type ToolCallbackProvider,
  ToolResponseMessage,
  UserMessage,
} from '@sprout-ai/core';
import type { Advisor } from './advisor/api/advisor';
import type { AdvisorSpec, AdvisorSpecConsumer } from './advisor-spec';
import type { ChatClientLoopListener } from './observation/chat-client-loop-listener';
import { registerTools } from './tool-registration';

/**
 * Everything a ChatClient builder or a request spec has collected (internal). The defaults of a
 * ChatClient are one of these; `prompt()` starts from a copy of them. The readonly lists and maps
 * are replaced, never changed in place, so a copy shares them (the prompt text parts are copied).
 */
export interface RequestSpecState {
  systemText?: string;
  userText?: string;
  /** Template parameters of the system text (`.system(s => s.param(…))`). */
  systemParams: Record<string, unknown>;
  /** Template parameters of the user text (`.user(u => u.param(…))`). */
  userParams: Record<string, unknown>;
  /** Media of the user message (`.user(u => u.media(…))`). */
  userMedia: Media[];
  messages: readonly Message[];
  toolCallbacks: readonly ToolCallback[];
  toolCallbackProviders: readonly ToolCallbackProvider[];
  toolContext: Readonly<Record<string, unknown>>;
  /** Extended by auto-registration of the ToolCallingAdvisor (so a second `call()` finds it). */
  advisors: readonly Advisor[];
  /**
   * Frozen, and replaced (see {@link setAdvisorParam}) rather than changed: copies of a state share
   * it, and a request takes it as its context without copying it again.
   */
  advisorParams: Readonly<Record<string, unknown>>;
  /** The client's `defaultOptions`. */
  defaultOptions?: ChatOptions;
  /** The request's `.options(...)`. */
  options?: ChatOptions;
  /** The request's `.abortSignal(...)`. */
  abortSignal?: AbortSignal;
  /** The client's `defaultLoopListeners`, then the request's `loopListeners`. */
  loopListeners: readonly ChatClientLoopListener[];
}

/** An empty state. */
export function emptyState(): RequestSpecState {
  return {
    systemText: undefined,
    userText: undefined,
    systemParams: {},
    userParams: {},
    userMedia: [],
    messages: [],
    toolCallbacks: [],
    toolCallbackProviders: [],
    toolContext: {},
    advisors: [],
    advisorParams: Object.freeze({}),
    loopListeners: [],
    defaultOptions: undefined,
    options: undefined,
    abortSignal: undefined,
  };
}

/**
 * A copy whose lists and maps can be changed without touching `state`. Every field is written out,
 * as in {@link emptyState}: setting a field later on a spread copy that lacked it took V8's slow
 * path (about 0.8 µs, as long as the rest of `prompt()`).
 */
export function copyState(state: RequestSpecState): RequestSpecState {
  return {
    systemText: state.systemText,
    userText: state.userText,
    systemParams: { ...state.systemParams },
    userParams: { ...state.userParams },
    userMedia: [...state.userMedia],
    messages: state.messages,
    toolCallbacks: state.toolCallbacks,
    toolCallbackProviders: state.toolCallbackProviders,
    toolContext: state.toolContext,
    advisors: state.advisors,
    advisorParams: state.advisorParams,
    loopListeners: state.loopListeners,
    defaultOptions: state.defaultOptions,
    options: state.options,
    abortSignal: state.abortSignal,
  };
}

/** Adds the tools of a `.tools(...)`-like call to `state`. */
export function addTools(state: RequestSpecState, items: readonly unknown[], method: string): void {
  const registered = registerTools(items, method);
  state.toolCallbacks = [...state.toolCallbacks, ...registered.toolCallbacks];
  state.toolCallbackProviders = [...state.toolCallbackProviders, ...registered.toolCallbackProviders];
}

/**
 * Merges a tool context into `state` (new values win).
 *
 * @throws ConfigurationError when the map is not a plain object, a key is blank, or a
 * value is `null`/`undefined`
 */
export function addToolContext(state: RequestSpecState, context: unknown, method: string): void {
  if (typeof context !== 'object' || context === null || Array.isArray(context) || context instanceof Map) {
    throw configError(
      method,
      context,
      'a plain object without blank keys or null values',
      `${method}(): context cannot be null and must be a plain object such as { userId: 'u-7' }, got ${kind(context)}.`,
    );
  }
  for (const [key, value] of Object.entries(context)) {
    if (key.trim() === '') {
      throw configError(
        method,
        context,
        'a plain object without blank keys or null values',
        `${method}(): context key cannot be null or empty (got ${JSON.stringify(key)}).`,
      );
    }
    if (value === null || value === undefined) {
      throw configError(
        method,
        context,
        'a plain object without blank keys or null values',
        `${method}(): context values cannot contain null elements: the value of '${key}' is ${String(value)}. ` +
          'Leave the key out instead.',
      );
    }
  }
  state.toolContext = Object.assign({}, state.toolContext, context);
}

/** Checks a system/user text. */
export function requireText(text: unknown, method: string): string {
  if (typeof text !== 'string' || text.trim() === '') {
    throw configError(
      method,
      text,
      'a non-blank string',
      `${method}(): text cannot be null or empty, got ${kind(text)}.`,
    );
  }
  return text;
}

/** Checks explicit messages. */
export function requireMessages(messages: readonly unknown[], method: string): Message[] {
  return messages.map((message, i) => {
    if (
      message instanceof SystemMessage ||
      message instanceof UserMessage ||
      message instanceof AssistantMessage ||
      message instanceof ToolResponseMessage
    ) {
      return message;
    }
    throw configError(
      method,
      message,
      'SystemMessage, UserMessage, AssistantMessage or ToolResponseMessage instances',
      `${method}(): argument ${i + 1} is ${kind(message)}, not a message. ` +
        'Pass SystemMessage, UserMessage, AssistantMessage or ToolResponseMessage instances.',
    );
  });
}

/** Checks chat options. */
export function requireOptions(options: unknown, method: string): ChatOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw configError(
      method,
      options,
      'an options object',
      `${method}(): options must be an object such as { temperature: 0 }, got ${kind(options)}.`,
    );
  }
  return options;
}

/**
 * Adds loop listeners to `state`.
 *
 * @throws ConfigurationError when a listener is not an object
 */
export function addLoopListeners(state: RequestSpecState, listeners: readonly unknown[], method: string): void {
  for (const [i, listener] of listeners.entries()) {
    if (typeof listener !== 'object' || listener === null) {
      throw configError(
        method,
        listener,
        'ChatClientLoopListener objects (with onRoundStart / onRoundFinish / onToolCallStart / onToolCallFinish)',
        `${method}(): argument ${i + 1} is ${kind(listener)}, not a loop listener. ` +
          'Pass objects such as { onToolCallFinish: (e) => … }.',
      );
    }
  }
  state.loopListeners = [...state.loopListeners, ...(listeners as ChatClientLoopListener[])];
}

/** Checks a cancellation signal. */
export function requireAbortSignal(signal: unknown, method: string): AbortSignal {
  if (!(signal instanceof AbortSignal)) {
    throw configError(
      method,
      signal,
      'an AbortSignal',
      `${method}(): signal must be an AbortSignal, such as AbortSignal.timeout(30_000) or an AbortController's signal, got ${kind(signal)}.`,
    );
  }
  return signal;
}

/** Sets an advisor parameter of `state` (in a new frozen map: the old one may be shared). */
export function setAdvisorParam(state: RequestSpecState, key: string, value: unknown): void {
  state.advisorParams = Object.freeze(Object.assign({}, state.advisorParams, { [key]: value }));
}

/**
 * Applies `.advisors(...)` arguments: either one callback receiving an {@link AdvisorSpec}, or
 * advisors.
 */
export function addAdvisors(state: RequestSpecState, args: readonly unknown[], method: string): void {
  if (args.length === 1 && typeof args[0] === 'function') {
    (args[0] as AdvisorSpecConsumer)(new StateAdvisorSpec(state, method));
    return;
  }
  state.advisors = [...state.advisors, ...requireAdvisors(args, method)];
}

class StateAdvisorSpec implements AdvisorSpec {
  constructor(
    private readonly state: RequestSpecState,
    private readonly method: string,
  ) {}

  param(key: string, value: unknown): AdvisorSpec {
    if (typeof key !== 'string' || key.trim() === '') {
      throw configError(
        this.method,
        key,
        'a non-blank param key',
        `${this.method}(): param key cannot be null or empty, got ${kind(key)}.`,
      );
    }
    if (value === null || value === undefined) {
      throw configError(
        this.method,
        value,
        'a param value other than null or undefined',
        `${this.method}(): param value of '${key}' cannot be ${String(value)}.`,
      );
    }
    setAdvisorParam(this.state, key, value);
    return this;
  }

  params(params: Readonly<Record<string, unknown>>): AdvisorSpec {
    if (typeof params !== 'object' || params === null) {
      throw configError(
        this.method,
        params,
        'a params object',
        `${this.method}(): params must be an object, got ${kind(params)}.`,
      );
    }
    for (const [key, value] of Object.entries(params)) this.param(key, value);
    return this;
  }

  advisors(...advisors: Advisor[]): AdvisorSpec {
    this.state.advisors = [...this.state.advisors, ...requireAdvisors(advisors, this.method)];
    return this;
  }
}

function requireAdvisors(advisors: readonly unknown[], method: string): Advisor[] {
  return advisors.map((advisor, i) => {
    const candidate = advisor as Partial<Advisor> | null | undefined;
    if (typeof advisor !== 'object' || candidate === null || typeof candidate?.order !== 'number') {
      throw configError(
        method,
        advisor,
        'advisors (objects with a name, a numeric order and adviseCall) or one (spec) => … callback',
        `${method}(): argument ${i + 1} is ${kind(advisor)}, not an advisor. ` +
          'Pass objects with a name, a numeric order and adviseCall(request, chain), or one (spec) => … callback.',
      );
    }
    return advisor as Advisor;
  });
}

function configError(setting: string, value: unknown, allowed: string, message: string): ConfigurationError {
  return new ConfigurationError({ setting, value, allowed, message });
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (typeof value === 'object') return `an instance of ${value.constructor?.name ?? 'Object'}`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return `the ${typeof value} ${String(value)}`;
  }
  return typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`;
}
