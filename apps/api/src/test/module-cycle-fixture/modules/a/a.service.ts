/** Fixture for module-cycles.test.ts: module a's public face. */
export const a = 'a';
