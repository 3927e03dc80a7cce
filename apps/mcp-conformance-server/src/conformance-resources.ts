import {
  McpArg,
  McpComplete,
  type McpCompleteRequest,
  McpContents,
  McpPrompt,
  type McpPromptMessage,
  McpResource,
} from '@sprout-ai/mcp';
import { RED_PIXEL_PNG } from './media';

/** The resources the conformance suite reads and subscribes to, as `@McpResource` methods. */
export class ConformanceResources {
  /** A static text resource for testing. */
  @McpResource({ uri: 'test://static-text', name: 'static-text', mimeType: 'text/plain' })
  staticText(): string {
    return 'This is the content of the static text resource.';
  }

  /** A static binary resource (image) for testing. */
  @McpResource({ uri: 'test://static-binary', name: 'static-binary', mimeType: 'image/png' })
  staticBinary(): Uint8Array {
    return Buffer.from(RED_PIXEL_PNG, 'base64');
  }

  /**
   * A resource template with a parameter substitution.
   *
   * @param id - the data id
   */
  @McpResource({ uri: 'test://template/{id}/data', name: 'template', mimeType: 'application/json' })
  templateData(id: string): string {
    return JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` });
  }

  /** A resource clients can subscribe to. */
  @McpResource({ uri: 'test://watched-resource', name: 'watched-resource', mimeType: 'text/plain' })
  watched(): string {
    return 'Watched resource content';
  }
}

/** The prompts the conformance suite gets, as `@McpPrompt` methods. */
export class ConformancePrompts {
  /** A simple prompt without arguments. */
  @McpPrompt({ name: 'test_simple_prompt' })
  simple(): string {
    return 'This is a simple prompt for testing.';
  }

  /** A prompt with required arguments. */
  @McpPrompt({ name: 'test_prompt_with_arguments' })
  withArguments(
    @McpArg({ description: 'First test argument' }) arg1: string,
    @McpArg({ description: 'Second test argument' }) arg2: string,
  ): string {
    return `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`;
  }

  /** A prompt that embeds a resource. */
  @McpPrompt({ name: 'test_prompt_with_embedded_resource' })
  withEmbeddedResource(
    @McpArg({ description: 'URI of the resource to embed' }) resourceUri: string,
  ): McpPromptMessage[] {
    return [
      {
        role: 'user',
        content: McpContents.textResource(resourceUri, 'text/plain', 'Embedded resource content for testing.'),
      },
      { role: 'user', content: McpContents.text('Please process the embedded resource above.') },
    ];
  }

  /** A prompt with an image. */
  @McpPrompt({ name: 'test_prompt_with_image' })
  withImage(): McpPromptMessage[] {
    return [
      { role: 'user', content: McpContents.image(RED_PIXEL_PNG, 'image/png') },
      { role: 'user', content: McpContents.text('Please analyze the image above.') },
    ];
  }

  /** Suggestions for `arg1` of `test_prompt_with_arguments`. */
  @McpComplete({ prompt: 'test_prompt_with_arguments' })
  completeArguments(request: McpCompleteRequest): string[] {
    return ['paris', 'park', 'party'].filter((value) => value.startsWith(request.value));
  }
}
