import path from 'node:path';
import type { ToolMethodSource } from './find-tool-methods';

/** The generated TypeScript module that gives each tool method's arguments a named type. */
export interface ParameterTypesSource {
  readonly text: string;
  /** Name of the arguments interface of `methods[i]`. */
  readonly interfaceNames: readonly string[];
  /**
   * Name of the result interface of `methods[i]` (one property, `result`, of the awaited return
   * type) when it has `structuredOutput`.
   */
  readonly outputInterfaceNames?: readonly (string | undefined)[];
}

/**
 * Writes a module that declares one interface per tool method whose properties are the
 * non-context parameters, each typed `Parameters<Class['method']>[index]` (`?` when not required),
 * because typescript-json-schema only generates schemas for named types.
 *
 * @param methods - the tool methods
 * @param fileName - absolute path the module will have (imports are relative to it)
 * @returns the module text and the interface names
 * @example
 * ```ts
 * import type { OrderTools as __SproutTool0 } from './src/order-tools.js';
 * export interface __SproutToolArguments0 {
 *   orderId: Parameters<__SproutTool0["getOrderStatus"]>[0];
 * }
 * ```
 */
export function parameterTypesSource(methods: readonly ToolMethodSource[], fileName: string): ParameterTypesSource {
  const lines: string[] = [];
  const aliases = new Map<string, string>();
  const interfaceNames: string[] = [];
  const outputInterfaceNames: (string | undefined)[] = [];
  for (const method of methods) {
    const key = `${method.fileName}\0${method.exportName}`;
    let alias = aliases.get(key);
    if (alias === undefined) {
      alias = `__SproutTool${aliases.size}`;
      aliases.set(key, alias);
      lines.push(
        `import type { ${method.exportName} as ${alias} } from ${JSON.stringify(specifier(fileName, method.fileName))};`,
      );
    }
    const owner = method.isStatic ? `(typeof ${alias})` : alias;
    const interfaceName = `__SproutToolArguments${interfaceNames.length}`;
    interfaceNames.push(interfaceName);
    lines.push(`export interface ${interfaceName} {`);
    for (const parameter of method.parameters) {
      if (parameter.kind !== 'argument') continue;
      const optional = parameter.required ? '' : '?';
      lines.push(
        `  ${parameter.name}${optional}: Parameters<${owner}[${JSON.stringify(method.methodName)}]>[${parameter.index}];`,
      );
    }
    lines.push('}');
    if (method.structuredOutput === true) {
      const outputName = `__SproutToolOutput${interfaceNames.length - 1}`;
      outputInterfaceNames.push(outputName);
      lines.push(
        `export interface ${outputName} {`,
        `  result: Awaited<ReturnType<${owner}[${JSON.stringify(method.methodName)}]>>;`,
        '}',
      );
    } else {
      outputInterfaceNames.push(undefined);
    }
  }
  return { text: `${lines.join('\n')}\n`, interfaceNames, outputInterfaceNames };
}

/** A relative import specifier with the `.js`-style extension every module resolution accepts. */
function specifier(from: string, target: string): string {
  const relative = path.relative(path.dirname(from), target).split(path.sep).join('/');
  const mapped = relative.replace(/\.(m|c)?tsx?$/, (_match: string, kind: string | undefined) => `.${kind ?? ''}js`);
  return mapped.startsWith('.') ? mapped : `./${mapped}`;
}

/** What {@link argumentTypesSource} needs of an argument type. */
export interface ArgumentTypeDeclaration {
  readonly exportName: string;
  /** Absolute path of the declaring file. */
  readonly fileName: string;
  readonly properties: readonly { readonly name: string; readonly required: boolean }[];
}

/**
 * Writes a module that declares one interface per augmentation argument type whose properties are
 * the class's, each typed `Class['property']` (`?` when not required), so its schema is generated
 * as a tool method's arguments are.
 *
 * @param types - the argument types
 * @param fileName - absolute path the module will have (imports are relative to it)
 * @returns the module text and the interface names
 * @example
 * ```ts
 * import type { AgentThinking as __SproutArgumentClass0 } from './src/agent-thinking.js';
 * export interface __SproutArgumentType0 {
 *   innerThought: __SproutArgumentClass0["innerThought"];
 * }
 * ```
 */
export function argumentTypesSource(types: readonly ArgumentTypeDeclaration[], fileName: string): ParameterTypesSource {
  const lines: string[] = [];
  const interfaceNames: string[] = [];
  types.forEach((type, i) => {
    const alias = `__SproutArgumentClass${i}`;
    lines.push(
      `import type { ${type.exportName} as ${alias} } from ${JSON.stringify(specifier(fileName, type.fileName))};`,
    );
    const interfaceName = `__SproutArgumentType${i}`;
    interfaceNames.push(interfaceName);
    lines.push(`export interface ${interfaceName} {`);
    for (const property of type.properties) {
      lines.push(
        `  ${JSON.stringify(property.name)}${property.required ? '' : '?'}: ${alias}[${JSON.stringify(property.name)}];`,
      );
    }
    lines.push('}');
  });
  return { text: `${lines.join('\n')}\n`, interfaceNames };
}

/**
 * Writes a module that declares one interface per structured output type, extending it, so its
 * schema is generated by the same generator (and patches) as tool arguments.
 *
 * @param types - the output types (`exportName`, `fileName`)
 * @param fileName - absolute path the module will have (imports are relative to it)
 * @returns the module text and the interface names
 * @example
 * ```ts
 * import type { OrderAnswer as __SproutOutput0 } from './src/order-answer.js';
 * export interface __SproutOutputType0 extends __SproutOutput0 {}
 * ```
 */
export function outputTypesSource(
  types: readonly { readonly exportName: string; readonly fileName: string }[],
  fileName: string,
): ParameterTypesSource {
  const lines: string[] = [];
  const interfaceNames: string[] = [];
  types.forEach((type, i) => {
    const alias = `__SproutOutput${i}`;
    lines.push(
      `import type { ${type.exportName} as ${alias} } from ${JSON.stringify(specifier(fileName, type.fileName))};`,
    );
    const interfaceName = `__SproutOutputType${i}`;
    interfaceNames.push(interfaceName);
    lines.push(`export interface ${interfaceName} extends ${alias} {}`);
  });
  return { text: `${lines.join('\n')}\n`, interfaceNames };
}
