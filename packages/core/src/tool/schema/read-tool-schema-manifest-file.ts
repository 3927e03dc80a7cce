import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { ToolSchemaManifestDocument } from './tool-schema-manifest-document';
import { ToolSchemaManifestError } from './tool-schema-manifest-error';
import { MANIFEST_TOOLS_CLOSING, MANIFEST_TOOLS_OPENING } from './tool-schema-manifest-layout';

const TOOLS_OPENING_BYTES = Buffer.from(MANIFEST_TOOLS_OPENING);
/** Bytes read first: the header of a manifest of a few hundred tools (their `toolKeys`) fits. */
const FIRST_READ_BYTES = 16 * 1024;
/** Bytes read from the end to see that the file is not cut short. */
const TAIL_BYTES = 64;

/**
 * Reads a tool schema manifest file (synchronously: start-up reads it once). For the file
 * `sprout-schema` writes, only its header is read now (up to the `tools` line, plus its last bytes
 * to see it is whole); the tool lines are read at the first entry read (the first request), see
 * {@link ToolSchemaManifestDocument.parseHead}. Any other file is read and parsed whole.
 *
 * @param file - path of the manifest, e.g. `dist/tool-schemas.json`
 * @returns the document, its `source` the given path
 * @throws the file system's error (`code` `ENOENT` when there is no such file, `EISDIR`, `EACCES` …)
 * when it cannot be opened or read
 * @throws ToolSchemaManifestError naming the file when it is not JSON, not a manifest or of another version
 * @remarks Why: the tool lines are nearly all of the file (≈ 350 kB for 500 tools); reading them
 * into fresh memory, and decoding them into a string, was the largest cost of start-up.
 */
export function readToolSchemaManifestFile(file: string): ToolSchemaManifestDocument {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    let buffer = Buffer.allocUnsafe(Math.min(size, FIRST_READ_BYTES));
    let filled = readInto(fd, buffer, 0);
    let toolsAt = buffer.indexOf(TOOLS_OPENING_BYTES, 0);
    while (toolsAt < 0 && filled === buffer.length && filled < size) {
      const larger = Buffer.allocUnsafe(Math.min(size, buffer.length * 2));
      buffer.copy(larger, 0, 0, filled);
      buffer = larger;
      const searchFrom = Math.max(0, filled - TOOLS_OPENING_BYTES.length);
      filled = readInto(fd, buffer, filled);
      toolsAt = buffer.indexOf(TOOLS_OPENING_BYTES, searchFrom);
    }
    if (toolsAt >= 0 && filled < size && endsWhole(fd, size)) {
      const head = buffer.toString('utf8', 0, toolsAt + TOOLS_OPENING_BYTES.length);
      const document = ToolSchemaManifestDocument.parseHead(head, file, () => readAgain(file));
      if (document !== undefined) return document;
    }
    if (filled < size) {
      const whole = Buffer.allocUnsafe(size);
      buffer.copy(whole, 0, 0, filled);
      buffer = whole;
      filled = readInto(fd, buffer, filled);
    }
    return ToolSchemaManifestDocument.parse(buffer.toString('utf8', 0, filled), file);
  } finally {
    closeSync(fd);
  }
}

/** The whole text, for the tool lines at the first entry read. */
function readAgain(file: string): string {
  try {
    // Bytes, then text: readFileSync(file, 'utf8') reads a file this size in many small reads, measurably slower.
    return readFileSync(file).toString('utf8');
  } catch (error) {
    throw new ToolSchemaManifestError(
      `Tool schema manifest ${file} could not be read again for its tool lines (${(error as Error).message}); start-up read its header. Restart the application once it is back.`,
      { manifest: file, cause: error },
    );
  }
}

/** Fills `buffer` from `at` (the same offset in the file) until full or the end of the file; returns the bytes now in it. */
function readInto(fd: number, buffer: Buffer, at: number): number {
  let filled = at;
  while (filled < buffer.length) {
    const read = readSync(fd, buffer, filled, buffer.length - filled, filled);
    if (read === 0) break;
    filled += read;
  }
  return filled;
}

/** True when the file ends with the closing lines (a file cut short is read whole, so parsing names the fault). */
function endsWhole(fd: number, size: number): boolean {
  const length = Math.min(size, TAIL_BYTES);
  const tail = Buffer.allocUnsafe(length);
  const read = readSync(fd, tail, 0, length, size - length);
  return tail.toString('utf8', 0, read).trimEnd().endsWith(MANIFEST_TOOLS_CLOSING);
}
