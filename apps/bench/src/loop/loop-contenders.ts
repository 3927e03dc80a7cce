import type { LoopContenderFactory } from './tool-loop-scenario';

/** An in-process tool-loop contender, loaded on demand (so a child process loads one framework only). */
export interface LoopContenderEntry {
  /** Id used by `--contender`, e.g. `sprout`. */
  readonly id: string;
  load(): Promise<LoopContenderFactory>;
}

// Dynamic imports in CommonJS output need the .js extension.
/** The tool-loop contenders: the hand loops (the floors) first, Sprout second, then the peers. */
export const LOOP_CONTENDERS: readonly LoopContenderEntry[] = [
  { id: 'hand', load: async () => (await import('./hand-loop.js')).createHandLoop },
  { id: 'hand-otel', load: async () => (await import('./hand-otel-loop.js')).createHandOtelLoop },
  { id: 'sprout', load: async () => (await import('./sprout-loop.js')).createSproutLoop },
  { id: 'sprout-otel', load: async () => (await import('./sprout-otel-loop.js')).createSproutOtelLoop },
  { id: 'ai-sdk', load: async () => (await import('./ai-sdk-loop.js')).createAiSdkLoop },
  { id: 'langchain-agent', load: async () => (await import('./langchain-loops.js')).createLangChainAgentLoop },
  { id: 'langchain-loop', load: async () => (await import('./langchain-loops.js')).createLangChainManualLoop },
];

/**
 * The factory of the contender `id`.
 *
 * @throws Error when no contender has that id
 */
export async function loadLoopContender(id: string): Promise<LoopContenderFactory> {
  const entry = LOOP_CONTENDERS.find((c) => c.id === id);
  if (!entry)
    throw new Error(`Unknown tool-loop contender '${id}'; known: ${LOOP_CONTENDERS.map((c) => c.id).join(', ')}.`);
  return entry.load();
}
