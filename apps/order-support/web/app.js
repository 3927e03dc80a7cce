// The order desk page: sign in, ask, and watch the answer and the tool calls stream in.
// Plain browser JavaScript (no build step); talks to the API of src/web/order-desk-web-app.ts.
'use strict';

const $ = (id) => document.getElementById(id);
const state = { user: null, conversationId: null, lastQuestion: null, busy: false };

function conversationKey() {
  return `order-desk.conversation.${state.user}`;
}

async function api(path, body) {
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.message || `HTTP ${response.status}`);
  return data;
}

function showError(message, retryable) {
  $('error').textContent = message;
  $('error').hidden = message === '';
  $('retry').hidden = !retryable;
}

function addMessage(role, text) {
  const item = document.createElement('li');
  item.className = role;
  item.textContent = text;
  $('messages').append(item);
  return item;
}

function showSignedIn(user) {
  state.user = user;
  $('who').textContent = user ? `Signed in as ${user}` : '';
  $('login').hidden = Boolean(user);
  $('desk').hidden = !user;
  if (user) $('question').focus();
}

async function restoreConversation() {
  state.conversationId = sessionStorage.getItem(conversationKey());
  if (!state.conversationId) return;
  try {
    const { messages } = await api(`/api/conversations/${state.conversationId}`);
    for (const message of messages) addMessage(message.role, message.text);
  } catch {
    state.conversationId = null;
    sessionStorage.removeItem(conversationKey());
  }
}

// One group per round: calls that start before the round's results are shown side by side.
const timeline = {
  round: null,
  open: 0,
  cards: new Map(),
  call(event) {
    if (this.round === null || this.open === 0) {
      this.round = document.createElement('li');
      this.round.className = 'round';
      $('timeline').append(this.round);
    }
    const card = document.createElement('div');
    card.className = 'call running';
    card.setAttribute('role', 'status');
    card.dataset.tool = event.name;
    card.innerHTML = '<strong></strong> <code></code> <span class="outcome">running…</span>';
    card.querySelector('strong').textContent = event.name;
    card.querySelector('code').textContent = event.arguments;
    this.round.append(card);
    this.cards.set(event.id, card);
    this.open += 1;
  },
  result(event) {
    const card = this.cards.get(event.id);
    if (!card) return;
    card.className = `call ${event.status}`;
    card.querySelector('.outcome').textContent = `${event.status} · ${event.durationMs} ms`;
    card.title = event.result;
    this.open = Math.max(0, this.open - 1);
  },
  clear() {
    $('timeline').replaceChildren();
    this.round = null;
    this.open = 0;
    this.cards.clear();
  },
};

// Reads a text/event-stream body and calls onEvent(name, data) per event.
async function readEvents(response, onEvent) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = 'message';
      const data = [];
      for (const line of frame.split('\n')) {
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length > 0) onEvent(name, JSON.parse(data.join('\n')));
    }
  }
}

// Runs one turn (a question, or a decision on a paused one) and streams it into the page.
async function runTurn(path, body) {
  if (state.busy) return;
  state.busy = true;
  $('ask').disabled = true;
  showError('', false);
  timeline.clear();
  hideApproval();
  const answer = addMessage('assistant', '');
  answer.setAttribute('aria-busy', 'true');
  let finished = false;
  let paused = false;
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      const data = await response.json().catch(() => ({}));
      throw Object.assign(new Error(data.message || `HTTP ${response.status}`), { retryable: response.status >= 500 });
    }
    let conversationId = null;
    await readEvents(response, (name, data) => {
      if (name === 'conversation') conversationId = data.conversationId;
      else if (name === 'text-delta') answer.textContent += data.text;
      else if (name === 'tool-call') timeline.call(data);
      else if (name === 'tool-result') timeline.result(data);
      else if (name === 'approval-pending') {
        paused = true;
        showApproval(data.calls);
      } else if (name === 'finish') finished = true;
      else if (name === 'error') throw Object.assign(new Error(data.message), { retryable: data.retryable });
    });
    // A conversation exists on the server only once a turn of it finished (a failed turn stores nothing).
    if (finished && conversationId !== null) {
      state.conversationId = conversationId;
      sessionStorage.setItem(conversationKey(), conversationId);
    }
    if (!finished) throw Object.assign(new Error('The connection to the desk was lost.'), { retryable: true });
    if (paused && answer.textContent === '') answer.textContent = '（等待你的批准）';
  } catch (error) {
    answer.remove();
    showError(
      error.message === 'Failed to fetch' ? 'The desk cannot be reached.' : error.message,
      error.retryable !== false,
    );
  } finally {
    answer.removeAttribute('aria-busy');
    state.busy = false;
    $('ask').disabled = false;
  }
}

function ask(question) {
  if (state.busy) return;
  state.lastQuestion = question;
  addMessage('user', question);
  return runTurn('/api/chat/stream', { message: question, conversationId: state.conversationId ?? undefined });
}

// One Approve and one Reject button per waiting call; the decisions go to the server once every call has one.
function showApproval(calls) {
  const decisions = new Map();
  const list = $('approval-calls');
  list.replaceChildren();
  for (const call of calls) {
    const item = document.createElement('li');
    const text = document.createElement('p');
    text.textContent = `${call.toolName} ${call.arguments} — ${call.reason}`;
    const approve = document.createElement('button');
    approve.type = 'button';
    approve.textContent = `Approve ${call.toolName}`;
    const reject = document.createElement('button');
    reject.type = 'button';
    reject.textContent = `Reject ${call.toolName}`;
    const decide = (approved) => {
      decisions.set(call.id, approved ? { id: call.id, approve: true } : { id: call.id, approve: false });
      approve.disabled = true;
      reject.disabled = true;
      text.textContent += approved ? ' ✔ approved' : ' ✘ rejected';
      if (decisions.size === calls.length) {
        void runTurn('/api/chat/resume', { conversationId: state.conversationId, decisions: [...decisions.values()] });
      }
    };
    approve.addEventListener('click', () => decide(true));
    reject.addEventListener('click', () => decide(false));
    item.append(text, approve, ' ', reject);
    list.append(item);
  }
  $('approval').hidden = false;
  list.querySelector('button')?.focus();
}

function hideApproval() {
  $('approval').hidden = true;
  $('approval-calls').replaceChildren();
}

$('login-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  try {
    const { user } = await api('/api/login', { user: $('login-user').value });
    showSignedIn(user);
    await restoreConversation();
  } catch (error) {
    showError(error.message, false);
  }
});

$('ask-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const question = $('question').value.trim();
  if (question === '') return;
  $('question').value = '';
  void ask(question);
});

// Enter asks; Shift+Enter starts a new line.
$('question').addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    $('ask-form').requestSubmit();
  }
});

$('retry').addEventListener('click', () => {
  if (state.lastQuestion === null) return;
  $('messages').lastElementChild?.remove(); // the question is asked again below
  void ask(state.lastQuestion);
});

$('new-conversation').addEventListener('click', () => {
  state.conversationId = null;
  hideApproval();
  sessionStorage.removeItem(conversationKey());
  $('messages').replaceChildren();
  timeline.clear();
  showError('', false);
  $('question').focus();
});

$('logout').addEventListener('click', async () => {
  await api('/api/logout', {}).catch(() => undefined);
  $('messages').replaceChildren();
  timeline.clear();
  showSignedIn(null);
});

api('/api/me').then(
  async ({ user }) => {
    showSignedIn(user);
    if (user) await restoreConversation();
  },
  () => showSignedIn(null),
);
