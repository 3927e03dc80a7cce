/**
 * Makes `packageName` look uninstalled to the code under test until {@link installedAgain}: its
 * `require` throws what Node's `require` throws for a package that is not installed (code
 * `MODULE_NOT_FOUND`, message `Cannot find module '<name>'` and the require stack). Nothing is
 * uninstalled.
 */
export function simulateNotInstalled(packageName: string): void {
  jest.doMock(packageName, () => {
    throw Object.assign(new Error(`Cannot find module '${packageName}'\nRequire stack:\n- ${__filename}`), {
      code: 'MODULE_NOT_FOUND',
    });
  });
}

/** Ends {@link simulateNotInstalled} for `packageName`. */
export function installedAgain(packageName: string): void {
  jest.dontMock(packageName);
}
