import path from 'node:path';
import { ChatClient } from '@sprout-ai/chat-client';
import { toolSchemaRegistry } from '@sprout-ai/core';
import { chatModel } from './model';
import { weatherTool } from './weather-tool';

toolSchemaRegistry.loadFile(path.join(__dirname, 'tool-schemas.json')); // written by sprout-schema

/**
 * What the model answers, as data. The tag makes sprout-schema write its JSON Schema.
 *
 * @structuredOutput
 */
export class TripAdvice {
  /** The city the advice is for. */
  city!: string;
  /** Temperature in °C, from the weather tool. */
  celsius!: number;
  /** What to pack, a few items. */
  pack!: string[];

  summary(): string {
    return `${this.city}, ${this.celsius} °C: pack ${this.pack.join(', ')}`;
  }
}

export async function adviseTrip(question: string): Promise<TripAdvice> {
  return ChatClient.create(chatModel)
    .prompt(question)
    .toolCallbacks(weatherTool) // tools run first, as usual
    .call()
    .entity(TripAdvice, (spec) => spec.validateSchema(2)); // an invalid answer is sent back, twice at most
}
