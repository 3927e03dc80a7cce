import { parseArgs } from 'node:util';
import { SproutError } from '@sprout-ai/core';

/** What the command line asked for. */
export interface CliArgs {
  /** The authenticated user (`--user`); absent means nobody is signed in. */
  readonly user?: string;
  /** The question for the assistant (the positional arguments joined by spaces). */
  readonly question: string;
  /** The conversation to continue (`--conversation`); absent means a one-off question with no memory. */
  readonly conversation?: string;
  /** `--stream`: print the answer as it arrives (trace lines as tools run). */
  readonly stream?: boolean;
  /** `--json`: print the answer as one `OrderAnswer` JSON line (structured output, `.entity()`). */
  readonly json?: boolean;
  /** `--log-reasoning`: the model gives each tool call an `innerThought`, printed on stderr. */
  readonly logReasoning?: boolean;
  /** `--tool-search`: run the tool-search advisor (`spring.ai.chat.client.tool-search-advisor.enabled=true`). */
  readonly toolSearch?: boolean;
  /** `--trace`: print the request's span tree on stderr after the answer. */
  readonly trace?: boolean;
  /** `--provider`: the chat model provider, overriding `spring.ai.model.chat`. */
  readonly provider?: CliProvider;
  /** `--help` was given: print {@link USAGE} and exit 0. */
  readonly help: boolean;
  /** `--approve` / `--reject [--reason …]`: decide the turn stored as paused in `--conversation`. */
  readonly decision?: { readonly approve: true } | { readonly approve: false; readonly reason?: string };
}

/** The values `--provider` takes (those of `spring.ai.model.chat`). */
export const CLI_PROVIDERS = ['openai', 'anthropic'] as const;

/** A provider `--provider` names. */
export type CliProvider = (typeof CLI_PROVIDERS)[number];

/** Usage text printed by `--help`. */
export const USAGE = `Usage: npm start -- --user <id> "<question>"
       node apps/order-support/dist/main.js --user <id> "<question>"

Asks the order-support assistant a question; the answer goes to stdout, one trace line per tool
call to stderr.

Options:
  -u, --user <id>  the signed-in user, handed to tools via ToolContext (never shown to the model);
                   without it the order tool answers AUTH_REQUIRED
  -c, --conversation <id>
                   remember the conversation under <id> across runs (stored in SQLite, by default
                   apps/order-support/data/chat-memory.db; spring.ai.chat.memory.* configures it)
  -s, --stream     print the answer as it arrives, and each tool's trace line as it runs
  --json           print the answer as one JSON line {"orderId","status","answer"} (a typed
                   OrderAnswer, asked of the model as structured output); not with --stream
  --log-reasoning  ask the model for its reasoning with every tool call (an extra innerThought
                   argument the tool never sees) and print it on stderr before the tool runs
  --tool-search    send the model a search tool instead of all the desk's tool definitions; it finds the
                   tools it needs (spring.ai.chat.client.tool-search-advisor.enabled=true)
  --trace          after the answer, print the request's span tree on stderr (rounds, tools with
                   their arguments, outcomes and milliseconds); with OTEL_EXPORTER_OTLP_ENDPOINT set,
                   the spans are also exported over OTLP/HTTP to <endpoint>/v1/traces
  -p, --provider <openai|anthropic>
                   the chat model provider (spring.ai.model.chat); without it the configured API key
                   decides, OpenAI when there is none
  --approve, --reject [--reason <text>]
                   decide the turn paused in --conversation <id> for approval (e.g. cancelOrder), as
                   asked by an earlier run; on a terminal the run asks at once: Approve …? [y/N/edit]
  -h, --help       show this help

Example: npm start -- --user u7 "订单 A123 发货了吗？"

With SPRING_AI_OPENAI_API_KEY (or OPENAI_API_KEY) set it talks to the configured OpenAI-compatible
endpoint (SPRING_AI_OPENAI_BASE_URL overrides the base URL); with ANTHROPIC_API_KEY (or
SPRING_AI_ANTHROPIC_API_KEY) and --provider anthropic, to Anthropic. Without the provider's key it
answers with a built-in demo model served on 127.0.0.1 on that provider's wire.`;

/** A bad command line; the CLI prints the message and exits with code 2. */
export class CliUsageError extends SproutError {
  constructor(options: { readonly message: string }) {
    super(`${options.message} (run with --help for usage)`);
  }
}

/**
 * Parses the command line.
 *
 * @param argv - the arguments after `node main.js`
 * @returns the parsed arguments
 * @throws CliUsageError for an unknown flag, a flag without its value, an empty `--user`, or no question
 */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        user: { type: 'string', short: 'u' },
        conversation: { type: 'string', short: 'c' },
        help: { type: 'boolean', short: 'h' },
        stream: { type: 'boolean', short: 's' },
        json: { type: 'boolean' },
        'log-reasoning': { type: 'boolean' },
        'tool-search': { type: 'boolean' },
        trace: { type: 'boolean' },
        provider: { type: 'string', short: 'p' },
        approve: { type: 'boolean' },
        reject: { type: 'boolean' },
        reason: { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new CliUsageError({ message: describeParseError(error) });
  }
  const { values, positionals } = parsed;
  if (values.help === true) return { question: '', help: true, user: values.user };
  const user = values.user?.trim();
  if (user === '') throw new CliUsageError({ message: 'Option --user needs a non-empty user id, e.g. --user u7' });
  const conversation = values.conversation?.trim();
  if (conversation === '')
    throw new CliUsageError({ message: 'Option --conversation needs a non-empty id, e.g. --conversation order-a123' });
  const provider = values.provider?.trim().toLowerCase();
  if (provider !== undefined && !CLI_PROVIDERS.some((name) => name === provider)) {
    throw new CliUsageError({
      message: `Option --provider takes ${CLI_PROVIDERS.join(' or ')}; got '${values.provider ?? ''}'`,
    });
  }
  if (values.json === true && values.stream === true)
    throw new CliUsageError({
      message: 'Option --json cannot be combined with --stream (a typed answer needs the whole answer)',
    });
  const question = positionals.join(' ').trim();
  if (values.approve === true || values.reject === true) {
    if (values.approve === true && values.reject === true)
      throw new CliUsageError({ message: 'Give --approve or --reject, not both' });
    if (conversation === undefined)
      throw new CliUsageError({
        message: 'Options --approve and --reject need --conversation <id> of the paused turn',
      });
    const decision =
      values.approve === true
        ? ({ approve: true } as const)
        : { approve: false as const, ...(values.reason === undefined ? {} : { reason: values.reason }) };
    return { user, question, help: false, conversation, decision };
  }
  if (question === '')
    throw new CliUsageError({
      message: 'No question given; pass it as the last argument, e.g. "订单 A123 发货了吗？"',
    });
  return {
    user,
    question,
    help: false,
    ...(conversation === undefined ? {} : { conversation }),
    ...(values.stream === true ? { stream: true } : {}),
    ...(values.json === true ? { json: true } : {}),
    ...(values['log-reasoning'] === true ? { logReasoning: true } : {}),
    ...(values['tool-search'] === true ? { toolSearch: true } : {}),
    ...(values.trace === true ? { trace: true } : {}),
    ...(provider !== undefined ? { provider: provider as CliProvider } : {}),
  };
}

function describeParseError(error: unknown): string {
  // Duck-typed: under some runners (jest's VM) Node's own errors come from another realm.
  const text = (error as { message?: unknown } | null)?.message;
  const message = typeof text === 'string' ? text : String(error);
  const unknown = /Unknown option '([^']+)'/.exec(message);
  if (unknown !== null)
    return `Unknown option ${unknown[1]}; the options are --user <id>, --conversation <id>, --stream, --json, --log-reasoning, --tool-search, --trace, --provider <openai|anthropic>, --approve, --reject, --reason <text> and --help`;
  return message;
}
