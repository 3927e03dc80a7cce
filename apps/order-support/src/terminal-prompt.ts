import { createInterface } from 'node:readline/promises';
import type { AskLine } from './approval-prompt';

/**
 * A prompt on this process's terminal, or `undefined` when stdin is not one (a pipe, a test, CI):
 * then a paused turn is decided later with `--approve` / `--reject`.
 */
export function terminalPrompt(): AskLine | undefined {
  if (!process.stdin.isTTY) return undefined;
  return async (question) => {
    const readline = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return await readline.question(question);
    } finally {
      readline.close();
    }
  };
}
