import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MissingPeerDependencyError } from '../error/missing-peer-dependency-error';
import { requireOptionalPeer } from './require-optional-peer';

describe(requireOptionalPeer, () => {
  // A project folder with node_modules of its own, and a require rooted in it.
  let project: string;
  let load: NodeJS.Require;

  beforeEach(() => {
    project = mkdtempSync(join(tmpdir(), 'sprout-peer-'));
    writeFileSync(join(project, 'package.json'), '{"name":"app","private":true}');
    load = createRequire(join(project, 'package.json'));
  });

  afterEach(() => rmSync(project, { recursive: true, force: true }));

  function installPackage(name: string, source: string): void {
    mkdirSync(join(project, 'node_modules', name), { recursive: true });
    writeFileSync(join(project, 'node_modules', name, 'index.js'), source);
  }

  describe('when the package is installed', () => {
    it('should return the module', () => {
      installPackage('fake-driver', 'exports.open = () => "opened";');

      const driver = requireOptionalPeer<{ open(): string }>(load, 'fake-driver', 'FakeRepository');

      expect(driver.open()).toBe('opened');
    });
  });

  describe('when the package is not installed', () => {
    it('should throw MissingPeerDependencyError naming the package, what needs it and the install command', () => {
      const run = () => requireOptionalPeer(load, 'fake-driver', 'FakeRepository');

      expect(run).toThrow(MissingPeerDependencyError);
      expect(run).toThrow(
        expect.objectContaining({
          packageName: 'fake-driver',
          neededBy: 'FakeRepository',
          installCommand: 'npm install fake-driver',
          message:
            'FakeRepository needs the package fake-driver, which is not installed (it is an optional peer ' +
            'dependency). Install it: npm install fake-driver',
          cause: expect.objectContaining({ code: 'MODULE_NOT_FOUND' }) as unknown,
        }),
      );
    });

    it('should name the install command it is given', () => {
      expect(() =>
        requireOptionalPeer(load, 'fake-generator', 'dev mode', 'npm install --save-dev fake-generator'),
      ).toThrow(/^dev mode needs the package fake-generator, .* Install it: npm install --save-dev fake-generator$/);
    });
  });

  describe('when the package is installed but cannot load', () => {
    it('should rethrow the error of a dependency it lacks, which installing the package again would not fix', () => {
      installPackage('fake-driver', "require('fake-binding');");

      const run = () => requireOptionalPeer(load, 'fake-driver', 'FakeRepository');

      expect(run).toThrow(/^Cannot find module 'fake-binding'/);
      expect(run).not.toThrow(MissingPeerDependencyError);
    });

    it('should rethrow what its own code throws', () => {
      installPackage('fake-driver', "throw new Error('native module compiled for another Node version');");

      expect(() => requireOptionalPeer(load, 'fake-driver', 'FakeRepository')).toThrow(
        'native module compiled for another Node version',
      );
    });
  });
});
