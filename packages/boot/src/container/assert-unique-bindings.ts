import { Plugin } from '@inversifyjs/plugin';
import type { PluginContext } from '@inversifyjs/plugin';
import type { Container, ContainerModule, ServiceIdentifier } from 'inversify';
import { NoUniqueBindingError } from './no-unique-binding-error';

type BindingService = PluginContext['bindingService'];
type Binding = NonNullable<ReturnType<BindingService['get']>> extends Iterable<infer B> ? B : never;

/** A service Sprout resolves, with the name its messages use (`SproutTokens.ChatModel`). */
export interface ResolvedService {
  readonly id: ServiceIdentifier;
  readonly name: string;
}

/**
 * Fails when a service Sprout resolves exactly one of has more than one binding that a plain
 * `get` (no name, no tag) would match, naming each binding. Reads the bindings through inversify's
 * plugin API, so nothing is resolved.
 *
 * @param container - the container with every module loaded
 * @param services - the services to check
 * @param moduleNames - how to name a binding's module, by module id (e.g. `modules[0]`)
 * @throws NoUniqueBindingError for the first service bound more than once
 */
export function assertUniqueBindings(
  container: Container,
  services: readonly ResolvedService[],
  moduleNames: ReadonlyMap<number, string>,
): void {
  const bindingService = bindingServiceOf(container);
  for (const { id, name } of services) {
    const matching = [...(bindingService.get(id) ?? [])].filter((binding) =>
      binding.isSatisfiedBy({ name: undefined, tags: new Map(), serviceIdentifier: id, getAncestor: () => undefined }),
    );
    if (matching.length > 1) {
      throw new NoUniqueBindingError({ serviceName: name, bindings: matching.map((b) => describe(b, moduleNames)) });
    }
  }
}

/** Module names for {@link assertUniqueBindings}: the user's by index, the others by class name. */
export function moduleNamesOf(
  userModules: readonly ContainerModule[],
  otherModules: readonly ContainerModule[],
): Map<number, string> {
  const names = new Map<number, string>();
  otherModules.forEach((module) => names.set(module.id, module.constructor.name));
  userModules.forEach((module, index) => names.set(module.id, `modules[${index}]`));
  return names;
}

function bindingServiceOf(container: Container): BindingService {
  let service: BindingService | undefined;
  container.register(
    class BindingReader extends Plugin<Container> {
      load(): void {
        service = this._context.bindingService;
      }
    },
  );
  return service as BindingService;
}

function describe(binding: Binding, moduleNames: ReadonlyMap<number, string>): string {
  const where = binding.moduleId === undefined ? 'the container' : (moduleNames.get(binding.moduleId) ?? 'a module');
  return `${where}: ${target(binding)}`;
}

function target(binding: Binding): string {
  switch (binding.type) {
    case 'ConstantValue':
      return `toConstantValue(${nameOf(binding.value)})`;
    case 'Instance':
      return `to(${binding.implementationType.name || 'an anonymous class'})`;
    case 'ServiceRedirection':
      return `toService(${String(binding.targetServiceIdentifier)})`;
    default: {
      // DynamicValue, Factory, Provider, ResolvedValue: a function, nothing to name it by.
      const type: string = binding.type;
      return `to${type}(…)`;
    }
  }
}

function nameOf(value: unknown): string {
  if (value === null || typeof value !== 'object') return typeof value;
  const name = (value as { constructor?: { name?: string } }).constructor?.name;
  return name ? `a ${name}` : 'an object';
}
