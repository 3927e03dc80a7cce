import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  AssistantMessage,
  type ChatMemoryRepository,
  ConfigurationError,
  InMemoryChatMemoryRepository,
  type Message,
  type PendingApproval,
  type PendingToolCall,
  SystemMessage,
  ToolResponseMessage,
} from '@sprout-ai/core';
import { InvalidToolApprovalError } from './invalid-tool-approval-error';
import type { PausedTurn, PausedTurnDraft } from './paused-turn';
import { sha256, signedMessageForm } from './signed-turn-digest';
import type { ToolApprovalDecision } from './tool-approval-decision';
import { ToolApprovalExpiredError } from './tool-approval-expired-error';
import { ToolApprovalNotFoundError } from './tool-approval-not-found-error';

/** How long a paused turn may wait for its decisions: 24 hours. */
export const DEFAULT_TOOL_APPROVAL_TIME_TO_LIVE_MS = 24 * 60 * 60 * 1000;
/** Appended to the conversation id to form the key the paused turn is stored under. */
export const PAUSED_TURN_KEY_SUFFIX = ':sprout-paused-turn';
/** Shortest secret accepted, in bytes (UTF-8 for a string). */
export const MIN_TOOL_APPROVAL_SECRET_BYTES = 32;
/** Metadata key marking the seal message of a stored paused turn. */
const SEAL_KEY = 'sproutPausedTurnSeal';
const FORMAT = 1;

/** Options of {@link ToolApprovalStore}. */
export interface ToolApprovalStoreOptions {
  /**
   * Where paused turns are kept, under `conversationId + ':sprout-paused-turn'`.
   * @defaultValue a new `InMemoryChatMemoryRepository` (this process only)
   */
  readonly repository?: ChatMemoryRepository;
  /**
   * The HMAC key (`sprout.tools.approval.secret`), at least 32 bytes; required with any repository
   * but the in-memory one. @defaultValue 32 random bytes (in-memory repository only)
   */
  readonly secret?: string | Uint8Array;
  /** How long decisions are accepted after the pause. @defaultValue {@link DEFAULT_TOOL_APPROVAL_TIME_TO_LIVE_MS} */
  readonly timeToLiveMs?: number;
  /** The current time in epoch milliseconds (tests inject one). @defaultValue `Date.now` */
  readonly clock?: () => number;
}

/** The stored seal: the paused turn's data that is not a message, and the signature over all of it. */
interface Seal {
  readonly format: number;
  readonly conversationId: string;
  readonly turnId: string;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly historyLength: number;
  readonly pending: readonly PendingToolCall[];
  readonly mac: string;
}

/**
 * Keeps turns paused for approval in a `ChatMemoryRepository` (in-memory, SQLite, Redis or your own),
 * so any process with the same store and secret can resume them. A paused turn is stored under
 * `conversationId + ':sprout-paused-turn'` as its messages followed by one seal message: JSON holding
 * the pause's id, times, the pending calls and an HMAC-SHA256 over all of it (messages included).
 *
 * Each pending call gets a token: an HMAC over conversation id, pause id, call id, tool name, the
 * arguments' SHA-256 and the expiry. A decision must carry the token of its call, so it cannot be
 * applied to another call, tool, arguments, pause or conversation; the pause is consumed (deleted,
 * atomically where the repository has `update`) when it is resumed, so a decision works once.
 *
 * @remarks Sprout's; Spring has no pause/resume of a tool loop.
 */
export class ToolApprovalStore {
  readonly repository: ChatMemoryRepository;
  readonly timeToLiveMs: number;
  readonly #secret: Buffer;
  readonly #clock: () => number;

  /**
   * @param options - repository, secret, time to live and clock
   * @throws ConfigurationError when a persistent repository has no secret, the secret is shorter
   *   than 32 bytes, or the time to live is not a positive integer
   */
  constructor(options: ToolApprovalStoreOptions = {}) {
    const repository = options.repository ?? new InMemoryChatMemoryRepository();
    const secret = options.secret;
    if (secret === undefined && !(repository instanceof InMemoryChatMemoryRepository)) {
      throw new ConfigurationError({
        setting: 'sprout.tools.approval.secret',
        value: undefined,
        allowed: `a secret of at least ${MIN_TOOL_APPROVAL_SECRET_BYTES} bytes`,
        message:
          'sprout.tools.approval.secret is required when paused turns are kept in a persistent store ' +
          `(${repository.constructor.name}): set it to a random value of at least ${MIN_TOOL_APPROVAL_SECRET_BYTES} ` +
          'bytes, the same in every instance (e.g. `openssl rand -base64 48`), from the environment, not the code.',
      });
    }
    const key = secret === undefined ? randomBytes(32) : Buffer.from(secret);
    if (key.length < MIN_TOOL_APPROVAL_SECRET_BYTES) {
      throw new ConfigurationError({
        setting: 'sprout.tools.approval.secret',
        value: '(hidden)',
        allowed: `at least ${MIN_TOOL_APPROVAL_SECRET_BYTES} bytes`,
        message: `sprout.tools.approval.secret has ${key.length} bytes; use at least ${MIN_TOOL_APPROVAL_SECRET_BYTES} (e.g. \`openssl rand -base64 48\`).`,
      });
    }
    const timeToLiveMs = options.timeToLiveMs ?? DEFAULT_TOOL_APPROVAL_TIME_TO_LIVE_MS;
    if (!Number.isSafeInteger(timeToLiveMs) || timeToLiveMs <= 0) {
      throw new ConfigurationError({
        setting: 'sprout.tools.approval.time-to-live',
        value: timeToLiveMs,
        allowed: 'a positive duration',
        message: `sprout.tools.approval.time-to-live must be a positive duration (e.g. 24h), got ${String(timeToLiveMs)}.`,
      });
    }
    this.repository = repository;
    this.timeToLiveMs = timeToLiveMs;
    this.#secret = key;
    this.#clock = options.clock ?? Date.now;
  }

  /**
   * Stores a paused turn (replacing one the conversation had) and returns what the response shows.
   *
   * @param conversationId - the conversation the turn belongs to
   * @param draft - the turn so far, the paused round's assistant message, answered responses and pending calls
   * @returns the pending approval, with a token per call
   * @throws ChatMemoryStoreError (or what the repository throws) when it cannot be stored
   */
  async save(conversationId: string, draft: PausedTurnDraft): Promise<PendingApproval> {
    const now = this.#clock();
    const turn: PausedTurn = {
      ...draft,
      conversationId,
      turnId: randomUUID(),
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + this.timeToLiveMs).toISOString(),
    };
    const messages = messagesOf(turn);
    const unsigned = sealOf(turn, turn.history.length, '');
    const seal: Seal = { ...unsigned, mac: this.#mac(unsigned, messages) };
    await this.repository.saveAll(keyOf(conversationId), [
      ...messages,
      new SystemMessage(JSON.stringify(seal), { [SEAL_KEY]: FORMAT }),
    ]);
    return this.pendingApprovalOf(turn);
  }

  /**
   * The conversation's paused turn, its signature checked.
   *
   * @param conversationId - the conversation
   * @returns the turn (whether or not it has expired)
   * @throws ToolApprovalNotFoundError when none waits
   * @throws InvalidToolApprovalError (`tampered`) when the stored state's signature is not valid
   */
  async load(conversationId: string): Promise<PausedTurn> {
    const stored = await this.repository.findByConversationId(keyOf(conversationId));
    if (stored.length === 0) throw new ToolApprovalNotFoundError({ conversationId });
    return this.#verified(conversationId, stored);
  }

  /** What a response shows of a paused turn: its pending calls, each with its token. */
  pendingApprovalOf(turn: PausedTurn): PendingApproval {
    return {
      conversationId: turn.conversationId,
      turnId: turn.turnId,
      expiresAt: turn.expiresAt,
      calls: turn.pending.map((call) => ({ ...call, token: this.#token(turn, call) })),
    };
  }

  /**
   * Checks decisions against a loaded paused turn: not expired, one decision per pending call,
   * each carrying its call's token. Changes nothing.
   *
   * @throws ToolApprovalExpiredError when the approval window has passed
   * @throws InvalidToolApprovalError (`mismatched`, `incomplete`) otherwise
   */
  checkDecisions(turn: PausedTurn, decisions: readonly ToolApprovalDecision[]): void {
    const { conversationId } = turn;
    if (this.#clock() > Date.parse(turn.expiresAt)) {
      throw new ToolApprovalExpiredError({ conversationId, expiresAt: turn.expiresAt });
    }
    const seen = new Set<string>();
    for (const decision of decisions) {
      const call = turn.pending.find((p) => p.id === decision?.toolCallId);
      if (call === undefined || typeof decision.token !== 'string' || !this.#sameToken(turn, call, decision.token)) {
        throw new InvalidToolApprovalError({
          conversationId,
          problem: 'mismatched',
          toolCallId: typeof decision?.toolCallId === 'string' ? decision.toolCallId : undefined,
          message:
            `The decision for tool call ${JSON.stringify(decision?.toolCallId)} does not match a call waiting in ` +
            `conversation ${JSON.stringify(conversationId)} (its token belongs to another call, tool, arguments, ` +
            'pause or conversation, or was altered).',
        });
      }
      if (seen.has(call.id)) {
        throw new InvalidToolApprovalError({
          conversationId,
          problem: 'incomplete',
          toolCallId: call.id,
          message: `Tool call ${call.id} has more than one decision; give exactly one per pending call.`,
        });
      }
      seen.add(call.id);
    }
    const missing = turn.pending.filter((p) => !seen.has(p.id));
    if (missing.length > 0) {
      throw new InvalidToolApprovalError({
        conversationId,
        problem: 'incomplete',
        toolCallId: missing[0].id,
        message: `No decision for ${missing.map((p) => `${p.toolName} (${p.id})`).join(', ')}; decide every pending call.`,
      });
    }
  }

  /**
   * Removes the paused turn, only if it is still the one with `turnId` — atomically where the
   * repository has `update` — so two resumes of one pause cannot both proceed.
   *
   * @throws ToolApprovalNotFoundError when it is no longer there (already resumed)
   */
  async consume(conversationId: string, turnId: string): Promise<void> {
    const key = keyOf(conversationId);
    const isThisTurn = (messages: readonly Message[]): boolean => sealIn(messages)?.turnId === turnId;
    let found = false;
    if (this.repository.update !== undefined) {
      await this.repository.update(key, (current) => {
        found = isThisTurn(current);
        return found ? [] : current;
      });
    } else {
      found = isThisTurn(await this.repository.findByConversationId(key));
      if (found) await this.repository.deleteByConversationId(key);
    }
    if (!found) throw new ToolApprovalNotFoundError({ conversationId });
  }

  #verified(conversationId: string, stored: readonly Message[]): PausedTurn {
    const seal = sealIn(stored);
    const tampered = (why: string): InvalidToolApprovalError =>
      new InvalidToolApprovalError({
        conversationId,
        problem: 'tampered',
        message: `The paused turn stored for conversation ${JSON.stringify(conversationId)} is not valid: ${why}.`,
      });
    if (seal === undefined) throw tampered('its seal is missing or unreadable');
    const messages = stored.slice(0, -1);
    const { mac, ...unsigned } = seal;
    const expected = this.#mac({ ...unsigned, mac: '' }, messages);
    if (typeof mac !== 'string' || !safeEqual(mac, expected)) {
      throw tampered('its signature does not match (changed, or signed with another sprout.tools.approval.secret)');
    }
    if (seal.conversationId !== conversationId) throw tampered('it belongs to another conversation');
    const assistant = messages[seal.historyLength];
    const tool = messages[seal.historyLength + 1];
    if (!(assistant instanceof AssistantMessage)) throw tampered('the paused round has no assistant message');
    return {
      conversationId,
      turnId: seal.turnId,
      createdAt: seal.createdAt,
      expiresAt: seal.expiresAt,
      history: messages.slice(0, seal.historyLength),
      assistant,
      answered: tool instanceof ToolResponseMessage ? tool.responses : [],
      pending: seal.pending,
    };
  }

  #mac(seal: Seal, messages: readonly Message[]): string {
    const { mac: _mac, ...fields } = seal;
    return createHmac('sha256', this.#secret)
      .update(JSON.stringify([fields, messages.map(signedMessageForm)]))
      .digest('base64url');
  }

  #token(turn: PausedTurn, call: PendingToolCall): string {
    const bound = [
      'approval',
      turn.conversationId,
      turn.turnId,
      call.id,
      call.toolName,
      sha256(call.arguments),
      turn.expiresAt,
    ];
    return createHmac('sha256', this.#secret).update(JSON.stringify(bound)).digest('base64url');
  }

  #sameToken(turn: PausedTurn, call: PendingToolCall, token: string): boolean {
    return safeEqual(token, this.#token(turn, call));
  }
}

function keyOf(conversationId: string): string {
  return `${conversationId}${PAUSED_TURN_KEY_SUFFIX}`;
}

function messagesOf(turn: PausedTurn): Message[] {
  return [
    ...turn.history,
    turn.assistant,
    ...(turn.answered.length > 0 ? [new ToolResponseMessage(turn.answered)] : []),
  ];
}

function sealOf(turn: PausedTurn, historyLength: number, mac: string): Seal {
  return {
    format: FORMAT,
    conversationId: turn.conversationId,
    turnId: turn.turnId,
    createdAt: turn.createdAt,
    expiresAt: turn.expiresAt,
    historyLength,
    pending: turn.pending.map(({ id, toolName, arguments: args, reason }) => ({
      id,
      toolName,
      arguments: args,
      reason,
    })),
    mac,
  };
}

/** The seal of stored messages, or `undefined` when the last message is not a readable one. */
function sealIn(messages: readonly Message[]): Seal | undefined {
  const last = messages.at(-1);
  if (!(last instanceof SystemMessage) || last.metadata[SEAL_KEY] !== FORMAT) return undefined;
  try {
    const seal = JSON.parse(last.text) as Seal;
    return typeof seal === 'object' &&
      seal !== null &&
      Number.isInteger(seal.historyLength) &&
      Array.isArray(seal.pending)
      ? seal
      : undefined;
  } catch {
    return undefined;
  }
}

/** Constant-time comparison of two texts (different lengths are unequal, without a timing hint about content). */
function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
