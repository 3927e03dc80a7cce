import {
  defaultToolExecutionEligibilityChecker,
  type ToolCallingManager,
  type ToolExecutionEligibilityChecker,
} from '@sprout-ai/core';
import { ToolApprovalStore } from '../approval/tool-approval-store';
import { HIGHEST_PRECEDENCE } from './api/ordered';
import type { ToolCallingAdvisor, ToolCallingAdvisorClass } from './tool-calling-advisor';
import type { ToolCallingAdvisorOptions } from './tool-calling-advisor-options';

/** Same value as `ToolCallingAdvisor.DEFAULT_ORDER` (not imported: the advisor module imports this one). */
const DEFAULT_ORDER = HIGHEST_PRECEDENCE + 300;

/**
 * Collects the settings of a {@link ToolCallingAdvisor} (or of the subclass whose static
 * `builder()` created it). The ChatClient keeps one and builds a fresh advisor from a
 * {@link ToolCallingAdvisorBuilder.copy} for every request.
 *
 * @example
 * ```ts
 * const builder = ToolCallingAdvisor.builder().toolCallingManager(manager).advisorOrder(0);
 * const client = ChatClient.builder(model).toolCallingAdvisorBuilder(builder).build();
 * ```
 * @remarks The read accessors are methods (`getAdvisorOrder()` …) as in Spring, because the
 * setters already use the plain names. Subclasses of the builder are copied with their own
 * fields by {@link ToolCallingAdvisorBuilder.copy}; to pass extra settings to a subclass
 * constructor, override the protected `options()`.
 * @see Spring AI `ToolCallingAdvisor.Builder`
 */
export class ToolCallingAdvisorBuilder<T extends ToolCallingAdvisor = ToolCallingAdvisor> {
  protected settings: {
    toolCallingManager?: ToolCallingManager;
    toolExecutionEligibilityChecker: ToolExecutionEligibilityChecker;
    advisorOrder: number;
    conversationHistoryEnabled: boolean;
    /** Shared by copies (a shallow copy keeps the holder), so the store made on first use is too. */
    approval: { store?: ToolApprovalStore; make?: () => ToolApprovalStore };
  } = {
    approval: {},
    toolExecutionEligibilityChecker: defaultToolExecutionEligibilityChecker,
    advisorOrder: DEFAULT_ORDER,
    conversationHistoryEnabled: true,
  };

  /**
   * @param advisorClass - the class {@link ToolCallingAdvisorBuilder.build} instantiates
   */
  constructor(protected readonly advisorClass: ToolCallingAdvisorClass<T>) {}

  /** Sets the manager that executes tool calls (default: `DefaultToolCallingManager.builder().build()`). */
  toolCallingManager(toolCallingManager: ToolCallingManager): this {
    this.settings.toolCallingManager = toolCallingManager;
    return this;
  }

  /** Sets the check "does this response need a tool round?" (default: some generation has tool calls). */
  toolExecutionEligibilityChecker(checker: ToolExecutionEligibilityChecker): this {
    this.settings.toolExecutionEligibilityChecker = checker;
    return this;
  }

  /** Sets the advisor's order (default `ToolCallingAdvisor.DEFAULT_ORDER`); validated by `build()`. */
  advisorOrder(order: number): this {
    this.settings.advisorOrder = order;
    return this;
  }

  /** Whether each round sends the whole turn to the model (default `true`). */
  conversationHistoryEnabled(enabled: boolean): this {
    this.settings.conversationHistoryEnabled = enabled;
    return this;
  }

  /** Same as `conversationHistoryEnabled(false)`: for a memory advisor inside the loop. */
  disableInternalConversationHistory(): this {
    return this.conversationHistoryEnabled(false);
  }

  /**
   * Where turns paused for approval are kept; every advisor this builder (and its copies) builds
   * shares it, so a ChatClient resumes what it paused.
   *
   * @param store - the store, or a function making it on first use (a pause or a resume), so a
   *   store that cannot be made (e.g. no secret) fails only requests that need it
   * @defaultValue one in-memory `ToolApprovalStore` per builder, made on first use (this process only)
   */
  toolApprovalStore(store: ToolApprovalStore | (() => ToolApprovalStore)): this {
    this.settings.approval = typeof store === 'function' ? { make: store } : { store };
    return this;
  }

  /**
   * The store the built advisors use (made now when none was set, and kept, so copies made
   * afterwards share it).
   */
  getToolApprovalStore(): ToolApprovalStore {
    const approval = this.settings.approval;
    approval.store ??= approval.make?.() ?? new ToolApprovalStore();
    return approval.store;
  }

  /** The order the built advisor will have. */
  getAdvisorOrder(): number {
    return this.settings.advisorOrder;
  }

  /** The eligibility checker the built advisor will use. */
  getToolExecutionEligibilityChecker(): ToolExecutionEligibilityChecker {
    return this.settings.toolExecutionEligibilityChecker;
  }

  /** The manager the built advisor will use; `undefined` means a default `DefaultToolCallingManager`. */
  getToolCallingManager(): ToolCallingManager | undefined {
    return this.settings.toolCallingManager;
  }

  /** Whether the built advisor will send the whole turn on each round. */
  isConversationHistoryEnabled(): boolean {
    return this.settings.conversationHistoryEnabled;
  }

  /**
   * A shallow copy with the same settings and the same class (builder subclasses included), so
   * changing the copy leaves this builder alone.
   */
  copy(): this {
    const copy = Object.assign(Object.create(Object.getPrototypeOf(this) as object) as this, this);
    copy.settings = { ...this.settings };
    return copy;
  }

  /**
   * @returns a new advisor of the builder's class
   * @throws ConfigurationError when a setting is invalid (see the advisor's constructor)
   */
  build(): T {
    return new this.advisorClass(this.options());
  }

  /** The options handed to the advisor constructor. */
  protected options(): ToolCallingAdvisorOptions {
    // Field by field: a rest-and-spread copy took V8's slow path (~1.3 µs, a quarter of a request).
    const settings = this.settings;
    return {
      toolCallingManager: settings.toolCallingManager,
      toolExecutionEligibilityChecker: settings.toolExecutionEligibilityChecker,
      advisorOrder: settings.advisorOrder,
      conversationHistoryEnabled: settings.conversationHistoryEnabled,
      toolApprovalStore: () => this.getToolApprovalStore(),
    };
  }
}
