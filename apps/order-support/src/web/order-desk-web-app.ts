import { randomUUID } from 'node:crypto';
import { serveStatic } from '@hono/node-server/serve-static';
import {
  answerText,
  approveToolCall,
  type ChatClient,
  type ChatClientRequestSpec,
  MessageChatMemoryAdvisor,
  rejectToolCall,
  ToolApprovalNotFoundError,
  type ToolApprovalStore,
} from '@sprout-ai/chat-client';
import { CHAT_MEMORY_CONVERSATION_ID, type ChatMemory, type Message, MessageType } from '@sprout-ai/core';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import { streamSSE } from 'hono/streaming';
import { USER_ID_CONTEXT_KEY } from '../order-tools';
import {
  type ChatRequestBody,
  parseChatRequestBody,
  parseLoginBody,
  parseResumeRequestBody,
  type ResumeRequestBody,
} from './chat-request-body';
import { pendingApprovalView, toSseEvents, upstreamErrorOf } from './chat-stream-sse';

/** Name of the signed cookie that holds the signed-in user. */
export const USER_COOKIE = 'sprout_user';

/** The demo users the login form accepts (the desk's seeded orders belong to them). */
export const DEMO_USERS: readonly string[] = ['u7', 'u8'];

/** Largest request body the API reads, in bytes. */
export const MAX_BODY_BYTES = 16 * 1024;

/** What {@link createOrderDeskWebApp} serves with. */
export interface OrderDeskWebAppOptions {
  /** The desk's chat client (tools, tool-calling advisor and model). */
  readonly chatClient: ChatClient;
  /** Where conversations are kept (`spring.ai.chat.memory.repository.*`); shared by every instance. */
  readonly chatMemory: ChatMemory;
  /** Where paused turns wait for a decision (the same repository, signed); shared by every instance. */
  readonly approvalStore: ToolApprovalStore;
  /** Signs the user cookie; instances behind one address must share it (`sprout.web.session-secret`). */
  readonly sessionSecret: string;
  /** Directory of the page's static files (index.html, app.js, style.css). */
  readonly staticRoot: string;
  /** Receives one line per failed request, for the server's log. @defaultValue nothing */
  readonly log?: (line: string) => void;
}

/**
 * The order desk's HTTP API and page, as a Hono app:
 * - `POST /api/login` `{ "user": "u7" }` signs a demo user in (a signed cookie); `POST /api/logout`; `GET /api/me`;
 * - `POST /api/chat` `{ "message": "…", "conversationId"?: "…" }` → `{ conversationId, answer }`;
 * - `POST /api/chat/stream` (same body) → Server-Sent Events: `conversation`, `text-delta`, `tool-call`,
 *   `tool-result`, `approval-pending`, `finish`, `error` (see {@link toSseEvent});
 * - `POST /api/chat/resume` `{ conversationId, decisions: [{ id, approve, reason? }] }` → the same events, for a
 *   turn that paused before a tool needing approval (docs/approval.md);
 * - `GET /api/conversations/:id` → the conversation's user and assistant messages;
 * - everything else: the page's static files.
 *
 * The signed-in user reaches tools only through `ToolContext` (never the prompt). A conversation is
 * stored under the user and its id, so one user cannot read or continue another's. Errors are JSON
 * `{ error, message }` with a 4xx status for bad input (oversized or invalid body, no user, unknown
 * conversation) and 502 when the model endpoint fails; a failed turn leaves the conversation as it
 * was before it (chat memory stores only complete turns).
 *
 * @param options - chat client, chat memory, cookie secret and static root
 * @returns the app; serve it with `@hono/node-server`'s `serve({ fetch: app.fetch })`
 */
export function createOrderDeskWebApp(options: OrderDeskWebAppOptions): Hono {
  const { chatClient, chatMemory, approvalStore, sessionSecret } = options;
  const log = options.log ?? (() => undefined);
  const app = new Hono();

  app.onError((error, c) => {
    if (error instanceof HTTPException) return c.json(errorBody(error), error.status);
    const upstream = upstreamErrorOf(error);
    log(`${c.req.method} ${c.req.path}: ${upstream.detail}`);
    return c.json({ error: upstream.code, message: upstream.message }, 502);
  });
  app.notFound((c) => c.json({ error: 'not-found', message: `no route ${c.req.method} ${c.req.path}` }, 404));

  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        c.json({ error: 'body-too-large', message: `request bodies are limited to ${MAX_BODY_BYTES} bytes` }, 413),
    }),
  );

  app.post('/api/login', async (c) => {
    const { user } = parseLoginBody(await readJson(c.req.raw));
    if (!DEMO_USERS.includes(user)) {
      throw new HTTPException(403, {
        message: `unknown user ${JSON.stringify(user)}; the demo users are ${DEMO_USERS.join(', ')}`,
      });
    }
    await setSignedCookie(c, USER_COOKIE, user, sessionSecret, { httpOnly: true, sameSite: 'Strict', path: '/' });
    return c.json({ user });
  });

  app.post('/api/logout', (c) => {
    deleteCookie(c, USER_COOKIE, { path: '/' });
    return c.json({ user: null });
  });

  app.get('/api/me', async (c) => c.json({ user: (await signedInUser(c, sessionSecret)) ?? null }));

  app.get('/api/conversations/:id', async (c) => {
    const user = await requireUser(c, sessionSecret);
    const conversationId = c.req.param('id');
    const messages = await existingConversation(chatMemory, user, conversationId);
    return c.json({ conversationId, messages: messages.flatMap(visibleMessage) });
  });

  app.post('/api/chat', async (c) => {
    const user = await requireUser(c, sessionSecret);
    const body = parseChatRequestBody(await readJson(c.req.raw));
    const conversationId = await openConversation(chatMemory, user, body);
    const response = await turn(chatClient, chatMemory, user, conversationId).user(body.message).call().chatResponse();
    const pending = response?.metadata.pendingApproval;
    return c.json({
      conversationId,
      answer: answerText(response),
      ...(pending === undefined ? {} : { pendingApproval: pendingApprovalView(pending) }),
    });
  });

  app.post('/api/chat/stream', async (c) => {
    const user = await requireUser(c, sessionSecret);
    const body = parseChatRequestBody(await readJson(c.req.raw));
    const conversationId = await openConversation(chatMemory, user, body);
    return streamTurn(c, conversationId, (signal) =>
      turn(chatClient, chatMemory, user, conversationId).user(body.message).abortSignal(signal),
    );
  });

  app.post('/api/chat/resume', async (c) => {
    const user = await requireUser(c, sessionSecret);
    const body = parseResumeRequestBody(await readJson(c.req.raw));
    const key = memoryKey(user, body.conversationId);
    const decisions = await decisionsFor(approvalStore, key, body);
    return streamTurn(c, body.conversationId, (signal) =>
      turn(chatClient, chatMemory, user, body.conversationId).resume(key, decisions).abortSignal(signal),
    );
  });

  /** Streams one turn as SSE: the conversation id first, then the turn's events, or an error event. */
  function streamTurn(c: Context, conversationId: string, request: (signal: AbortSignal) => ChatClientRequestSpec) {
    return streamSSE(c, async (stream) => {
      const cancel = new AbortController();
      stream.onAbort(() => cancel.abort(new Error('the browser closed the stream')));
      await stream.writeSSE({ event: 'conversation', data: JSON.stringify({ conversationId }) });
      try {
        for await (const event of request(cancel.signal).stream().events()) {
          for (const sse of toSseEvents(event)) await stream.writeSSE(sse);
        }
      } catch (error) {
        if (cancel.signal.aborted) return;
        const upstream = upstreamErrorOf(error);
        log(`POST ${c.req.path}: ${upstream.detail}`);
        const data = { error: upstream.code, message: upstream.message, retryable: upstream.retryable };
        await stream.writeSSE({ event: 'error', data: JSON.stringify(data) });
      }
    });
  }

  app.use('/*', serveStatic({ root: options.staticRoot }));
  return app;
}

/** A request of the conversation: the user in ToolContext, memory under user and conversation. */
function turn(
  chatClient: ChatClient,
  chatMemory: ChatMemory,
  user: string,
  conversationId: string,
): ChatClientRequestSpec {
  return chatClient
    .prompt()
    .toolContext({ [USER_ID_CONTEXT_KEY]: user })
    .advisors(MessageChatMemoryAdvisor.builder(chatMemory).build())
    .advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, memoryKey(user, conversationId)));
}

/**
 * One decision per pending call of the conversation's paused turn, from the body's `{ id, approve, reason? }`.
 *
 * @throws HTTPException 404 when no turn of this user's conversation waits, 400 when a pending call has no decision
 */
async function decisionsFor(store: ToolApprovalStore, key: string, body: ResumeRequestBody) {
  let pending;
  try {
    pending = store.pendingApprovalOf(await store.load(key));
  } catch (error) {
    if (ToolApprovalNotFoundError.isInstance(error)) {
      throw new HTTPException(404, { message: 'nothing in this conversation waits for approval' });
    }
    throw error;
  }
  return pending.calls.map((call) => {
    const decision = body.decisions.find((d) => d.id === call.id);
    if (decision === undefined) {
      throw new HTTPException(400, {
        message: `no decision for tool call ${JSON.stringify(call.id)} (${call.toolName})`,
      });
    }
    return decision.approve
      ? approveToolCall(call)
      : rejectToolCall(call, decision.reason ?? 'declined in the order desk page');
  });
}

/** A new conversation id, or the body's after checking the user has that conversation. */
async function openConversation(chatMemory: ChatMemory, user: string, body: ChatRequestBody): Promise<string> {
  if (body.conversationId === undefined) return randomUUID();
  await existingConversation(chatMemory, user, body.conversationId);
  return body.conversationId;
}

async function existingConversation(chatMemory: ChatMemory, user: string, conversationId: string): Promise<Message[]> {
  const messages = await chatMemory.get(memoryKey(user, conversationId));
  if (messages.length === 0) {
    throw new HTTPException(404, { message: `no conversation ${JSON.stringify(conversationId)} for this user` });
  }
  return messages;
}

/** Conversations are stored per user, so an id alone never opens someone else's. */
function memoryKey(user: string, conversationId: string): string {
  return `order-desk:${user}:${conversationId}`;
}

function visibleMessage(message: Message): { role: 'user' | 'assistant'; text: string }[] {
  if (message.messageType === MessageType.USER) return [{ role: 'user', text: message.text }];
  if (message.messageType === MessageType.ASSISTANT && message.text !== '') {
    return [{ role: 'assistant', text: message.text }];
  }
  return [];
}

type RequestContext = Parameters<typeof getSignedCookie>[0];

async function requireUser(c: RequestContext, sessionSecret: string): Promise<string> {
  const user = await signedInUser(c, sessionSecret);
  if (user === undefined) throw new HTTPException(401, { message: 'sign in first (POST /api/login)' });
  return user;
}

async function signedInUser(c: RequestContext, sessionSecret: string): Promise<string | undefined> {
  const user = await getSignedCookie(c, sessionSecret, USER_COOKIE);
  return typeof user === 'string' && DEMO_USERS.includes(user) ? user : undefined;
}

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HTTPException(400, { message: 'the request body is not valid JSON' });
  }
}

function errorBody(error: HTTPException): { error: string; message: string } {
  const codes: Record<number, string> = {
    400: 'bad-request',
    401: 'not-signed-in',
    403: 'forbidden',
    404: 'unknown-conversation',
    413: 'body-too-large',
  };
  return { error: codes[error.status] ?? 'error', message: error.message };
}
