import { Tool } from './tool';

export interface Attachment {
  name: string;
  content: ArrayBuffer;
}

export class BinaryTools {
  @Tool()
  upload(data: Uint8Array, attachment: Attachment, samples: Float32Array[], view: DataView): void {
    void [data, attachment, samples, view];
  }

  /** `Buffer` does not resolve in the generator's program (no @types/node): recognised by its name. */
  @Tool()
  store(file: Buffer): void {
    void file;
  }
}
