import type { ChatClientRequest } from '../chat-client-request';
import type { ChatClientResponse } from '../chat-client-response';
import { AdvisorChainError } from './advisor-chain-error';
import type { Advisor } from './api/advisor';
import { type CallAdvisor, isCallAdvisor } from './api/call-advisor';
import type { CallAdvisorChain } from './api/call-advisor-chain';

/**
 * The chain the ChatClient runs for each request: advisors sorted by order (a stable sort, so
 * advisors with equal orders keep the order they were added in), the model advisor last.
 *
 * @example
 * ```ts
 * const chain = DefaultAroundAdvisorChain.builder().pushAll(advisors).push(new ChatModelCallAdvisor(model)).build();
 * const response = await chain.nextCall(request);
 * ```
 * @remarks Immutable: Spring's chain consumes a deque as it runs, ours hands each advisor a new
 * chain positioned after it, so a chain object can be run any number of times.
 * @see Spring AI `DefaultAroundAdvisorChain`
 */
export class DefaultAroundAdvisorChain implements CallAdvisorChain {
  readonly callAdvisors: readonly CallAdvisor[];
  readonly #position: number;
  /** The chain after this position, built on first use (the chain is immutable, so it can be shared). */
  #next: DefaultAroundAdvisorChain | undefined;

  private constructor(callAdvisors: readonly CallAdvisor[], position: number) {
    this.callAdvisors = callAdvisors;
    this.#position = position;
  }

  /** A builder; advisors that are not {@link CallAdvisor}s are left out of the call chain. */
  static builder(): DefaultAroundAdvisorChainBuilder {
    return new DefaultAroundAdvisorChainBuilder((sorted) => new DefaultAroundAdvisorChain(sorted, 0));
  }

  /**
   * @throws AdvisorChainError when every advisor of the chain has already run
   */
  nextCall(request: ChatClientRequest): Promise<ChatClientResponse> {
    // Not an async function, so the advisor's promise is returned as it is; errors are rejections.
    const advisor = this.callAdvisors[this.#position];
    if (advisor === undefined) {
      return Promise.reject(
        new AdvisorChainError({
          message:
            'No CallAdvisors available to execute: the chain has run to its end. ' +
            'The last advisor must call the model (ChatModelCallAdvisor) instead of chain.nextCall().',
        }),
      );
    }
    this.#next ??= new DefaultAroundAdvisorChain(this.callAdvisors, this.#position + 1);
    try {
      return advisor.adviseCall(request, this.#next);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * @throws AdvisorChainError when `after` is not part of this chain
   */
  copy(after: CallAdvisor): CallAdvisorChain {
    const index = this.callAdvisors.indexOf(after);
    if (index < 0) {
      const name = (after as CallAdvisor | undefined)?.name;
      throw new AdvisorChainError({
        advisorName: name,
        message:
          `The specified advisor is not part of the chain: ${String(name)}. ` +
          `Call chain.copy(this) from inside the advisor's own adviseCall.`,
      });
    }
    return new DefaultAroundAdvisorChain(Object.freeze(advisorsAfter(this.callAdvisors, index)), 0);
  }
}

/** Collects advisors for a {@link DefaultAroundAdvisorChain}. */
export class DefaultAroundAdvisorChainBuilder {
  readonly #advisors: Advisor[] = [];

  constructor(private readonly create: (sorted: readonly CallAdvisor[]) => DefaultAroundAdvisorChain) {}

  /** Adds one advisor. */
  push(advisor: Advisor): this {
    this.#advisors.push(advisor);
    return this;
  }

  /** Adds advisors, in order. */
  pushAll(advisors: readonly Advisor[]): this {
    this.#advisors.push(...advisors);
    return this;
  }

  /** The chain, call advisors sorted by order (stable). */
  build(): DefaultAroundAdvisorChain {
    const sorted = this.#advisors.filter(isCallAdvisor);
    // Array#sort allocates ~0.9 KB even for two advisors, once per request; they usually come sorted.
    if (!isSortedByOrder(sorted)) sorted.sort((a, b) => a.order - b.order);
    return this.create(Object.freeze(sorted));
  }
}

function isSortedByOrder(advisors: readonly CallAdvisor[]): boolean {
  for (let i = 1; i < advisors.length; i++) if (advisors[i - 1].order > advisors[i].order) return false;
  return true;
}

/**
 * The advisors after `index`. A loop, not `slice`: on Node 20 `slice` of a frozen array takes V8's
 * slow path (~0.6 µs for three advisors instead of ~50 ns), once per request.
 */
function advisorsAfter<T>(advisors: readonly T[], index: number): T[] {
  const rest: T[] = [];
  for (let i = index + 1; i < advisors.length; i++) rest.push(advisors[i]);
  return rest;
}
