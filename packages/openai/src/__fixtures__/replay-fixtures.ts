import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sseTranscript, type WireChatCompletion, type WireScriptStep } from '@sprout-ai/test';

/** Where the recorded provider responses are kept, one file each (see the README there). */
export const REPLAY_DIR = join(__dirname, 'replay');

/** What a recorded response means, in domain terms. */
export interface ReplayExpectation {
  /** The answer text (a refusal's text when the model refused), `''` when there is none. */
  readonly text: string;
  /** The refusal, when the model refused. */
  readonly refusal?: string;
  /** The complete tool calls, arguments parsed. */
  readonly toolCalls: readonly {
    readonly id: string;
    readonly name: string;
    readonly arguments: Record<string, unknown>;
  }[];
  readonly finishReason: string;
  /** Token counts, when the response carried usage. */
  readonly usage?: {
    readonly promptTokens: number;
    readonly completionTokens: number;
    readonly totalTokens: number;
    /** `prompt_tokens_details.cached_tokens`, when the response carried it. */
    readonly cacheReadInputTokens?: number;
  };
}

/** One recorded response, ready to serve from an `OpenAiWireServer`. */
export interface ReplayFixture {
  /** File name without extension, e.g. `qwen-tool-call`; `.json` and `.sse` recordings may share it. */
  readonly name: string;
  /** `sse`: a streamed response (serve to `.stream()` only); `json`: a `chat.completion` body. */
  readonly kind: 'sse' | 'json';
  /** Where the recording comes from: repository, path and commit, or the bug report's URL. */
  readonly source: string;
  readonly provider: string;
  /** What is unusual about it. */
  readonly shape: string;
  readonly expect: ReplayExpectation;
  /** The script step that replays it. */
  readonly step: WireScriptStep;
  /** The recorded answer to the tool results, when the source kept one (`<name>.follow-up.sse`). */
  readonly followUp?: ReplayFixture;
}

/**
 * Every recorded response under {@link REPLAY_DIR}, in file name order. A `.sse` file is the
 * response body with `# key: value` header lines (`source`, `provider`, `shape`, `framing`,
 * `expect` as JSON); a `.json` file holds those keys and the `response` body.
 *
 * @returns the fixtures, follow-ups included (each also linked from its first round)
 */
export function replayFixtures(): ReplayFixture[] {
  const files = readdirSync(REPLAY_DIR)
    .filter((file) => file.endsWith('.sse') || file.endsWith('.json'))
    .sort();
  const fixtures = files.map(readFixture);
  return fixtures.map((fixture) => {
    const followUp = fixtures.find((other) => other.name === `${fixture.name}.follow-up`);
    return followUp === undefined ? fixture : { ...fixture, followUp };
  });
}

function readFixture(file: string): ReplayFixture {
  const text = readFileSync(join(REPLAY_DIR, file), 'utf8');
  if (file.endsWith('.json')) {
    const document = JSON.parse(text) as Omit<ReplayFixture, 'kind' | 'step' | 'name'> & {
      readonly replay: string;
      readonly response: WireChatCompletion;
    };
    const { replay, response, source, provider, shape, expect } = document;
    return { name: replay, kind: 'json', source, provider, shape, expect, step: response };
  }
  const header = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^# (\w+): (.*)$/.exec(line);
    if (match !== null) header.set(match[1], match[2]);
  }
  const field = (key: string): string => {
    const value = header.get(key);
    if (value === undefined) throw new Error(`replay fixture ${file} has no '# ${key}:' line`);
    return value;
  };
  return {
    name: field('replay'),
    kind: 'sse',
    source: field('source'),
    provider: field('provider'),
    shape: field('shape'),
    expect: JSON.parse(field('expect')) as ReplayExpectation,
    step: { sse: sseTranscript(text) },
  };
}
