// Fixture of test/docs/api_reference.test.ts self-check: one undocumented export, one broken link.
/** Documented; see {@link Nowhere}. */
export const documented = 1;
export function bare(): void {}
