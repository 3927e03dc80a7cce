import { HTTPException } from 'hono/http-exception';

/** Longest question the desk takes, in characters. */
export const MAX_MESSAGE_CHARS = 2000;

/** The body of `POST /api/chat` and `POST /api/chat/stream`. */
export interface ChatRequestBody {
  /** The user's question, 1–{@link MAX_MESSAGE_CHARS} characters. */
  readonly message: string;
  /** The conversation to continue (a UUID the server handed out); absent starts a new one. */
  readonly conversationId?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks a parsed chat request body.
 *
 * @param body - the parsed JSON
 * @returns the checked body
 * @throws HTTPException 400 naming the field that is missing, of the wrong type or too long
 */
export function parseChatRequestBody(body: unknown): ChatRequestBody {
  const object = requireObject(body);
  const { message, conversationId } = object;
  if (typeof message !== 'string' || message.trim() === '') {
    throw badRequest('"message" must be a non-empty string');
  }
  if (message.length > MAX_MESSAGE_CHARS) {
    throw badRequest(`"message" is ${message.length} characters; the limit is ${MAX_MESSAGE_CHARS}`);
  }
  if (conversationId === undefined || conversationId === null) return { message };
  if (typeof conversationId !== 'string' || !UUID.test(conversationId)) {
    throw badRequest('"conversationId" must be the id the server returned for the conversation');
  }
  return { message, conversationId };
}

/** One decision in the body of `POST /api/chat/resume`. */
export interface ResumeDecision {
  /** The pending tool call's id (from the `approval-pending` event). */
  readonly id: string;
  /** `true` runs the call; `false` answers it with the user's refusal. */
  readonly approve: boolean;
  /** Why it was declined, for the model. */
  readonly reason?: string;
}

/** The body of `POST /api/chat/resume`. */
export interface ResumeRequestBody {
  readonly conversationId: string;
  readonly decisions: readonly ResumeDecision[];
}

/**
 * Checks a parsed `POST /api/chat/resume` body.
 *
 * @param body - the parsed JSON
 * @returns the checked body
 * @throws HTTPException 400 naming the field that is missing or of the wrong type
 */
export function parseResumeRequestBody(body: unknown): ResumeRequestBody {
  const { conversationId, decisions } = requireObject(body);
  if (typeof conversationId !== 'string' || !UUID.test(conversationId)) {
    throw badRequest('"conversationId" must be the id the server returned for the conversation');
  }
  if (!Array.isArray(decisions) || decisions.length === 0) {
    throw badRequest('"decisions" must be a non-empty array of { "id", "approve", "reason"? }');
  }
  const checked = decisions.map((decision: unknown, i): ResumeDecision => {
    const { id, approve, reason } = requireObject(decision);
    if (typeof id !== 'string' || typeof approve !== 'boolean') {
      throw badRequest(`"decisions[${i}]" needs a string "id" and a boolean "approve"`);
    }
    if (reason !== undefined && (typeof reason !== 'string' || reason.length > MAX_MESSAGE_CHARS)) {
      throw badRequest(`"decisions[${i}].reason" must be a string of at most ${MAX_MESSAGE_CHARS} characters`);
    }
    return reason === undefined ? { id, approve } : { id, approve, reason };
  });
  return { conversationId, decisions: checked };
}

/**
 * Checks a parsed `POST /api/login` body.
 *
 * @param body - the parsed JSON
 * @returns the user id
 * @throws HTTPException 400 when `user` is not a non-empty string
 */
export function parseLoginBody(body: unknown): { readonly user: string } {
  const { user } = requireObject(body);
  if (typeof user !== 'string' || user.trim() === '') throw badRequest('"user" must be a non-empty string');
  return { user: user.trim() };
}

function requireObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('the request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

function badRequest(message: string): HTTPException {
  return new HTTPException(400, { message });
}
