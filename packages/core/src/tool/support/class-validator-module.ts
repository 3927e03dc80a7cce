let classValidatorModule: typeof import('class-validator') | undefined;

/**
 * class-validator (~320 modules with validator.js), loaded the first time a DTO argument is validated
 * or the runtime schema fallback reads its metadata, not at start-up. @internal
 */
export function classValidator(): typeof import('class-validator') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, not at start-up
  return (classValidatorModule ??= require('class-validator') as typeof import('class-validator'));
}
