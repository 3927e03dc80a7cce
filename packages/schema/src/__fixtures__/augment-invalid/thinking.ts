import { IsString } from 'class-validator';
import { ToolParam } from '@sprout-ai/core';

class HiddenThinking {
  @ToolParam()
  innerThought!: string;
}

export class Note {
  @IsString()
  text!: string;
}

export class MapThinking {
  @ToolParam()
  scores!: Map<string, number>;

  /** A DTO without @ValidateNested and @Type: class-transformer would leave it plain. */
  @ToolParam()
  note!: Note;
}

export class Twice {
  @ToolParam()
  a!: string;
}

export const unused = HiddenThinking;
