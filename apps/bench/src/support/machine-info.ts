import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where and with what a run happened (stored in `bench/results.json`, printed in the README). */
export interface MachineInfo {
  /** ISO timestamp of the start of the run. */
  readonly date: string;
  readonly platform: string;
  readonly cpuModel: string;
  readonly cpus: number;
  /** Total memory, in GiB (one decimal). */
  readonly memoryGiB: number;
  readonly node: string;
  /** 1-minute load average when the run started (other work on the machine skews the numbers). */
  readonly loadAverage1m: number;
  /** Installed versions of the compared packages, e.g. `{ ai: '6.0.325', … }`. */
  readonly packages: Readonly<Record<string, string>>;
}

const COMPARED_PACKAGES = [
  '@sprout-ai/core',
  '@sprout-ai/chat-client',
  'ai',
  'langchain',
  '@langchain/core',
  'openai',
  'zod',
];

/** Collects the machine, Node and package versions. */
export function machineInfo(date: Date): MachineInfo {
  const cpus = os.cpus();
  return {
    date: date.toISOString(),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cpus: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    loadAverage1m: Math.round(os.loadavg()[0] * 100) / 100,
    packages: Object.fromEntries(COMPARED_PACKAGES.map((name) => [name, packageVersion(name)])),
  };
}

/** The version in the package's own package.json, found from the bench app. */
function packageVersion(name: string): string {
  try {
    const entry = require.resolve(name);
    let dir = path.dirname(entry);
    for (;;) {
      const candidate = path.join(dir, 'package.json');
      try {
        const json = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
        if (json.name === name && json.version) return json.version;
      } catch {
        // no package.json here; go up
      }
      const parent = path.dirname(dir);
      if (parent === dir) return 'unknown';
      dir = parent;
    }
  } catch {
    return 'not installed';
  }
}
