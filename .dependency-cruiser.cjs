/**
 * No loop between API modules (docs/decisions/023): module A using B, directly or through others, while B uses A.
 * Checked on the graph of module folders (`scope: 'folder'`), because a loop between modules rarely shows as a loop
 * between files (auth.routes → chat.service → patients.service → auth.service closes no file cycle). Tests and test
 * helpers are left out: a test may reuse another module's helpers. Run with `npm run lint:cycles`.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      severity: 'error',
      comment:
        'API modules form a loop. Break it: move the code to the module that owns it, or hand a handler in from app.ts (docs/decisions/023).',
      scope: 'folder',
      from: { path: '(^|/)modules/[^/]+/?$' },
      to: { path: '(^|/)modules/[^/]+/?$', circular: true },
    },
  ],
  options: {
    includeOnly: '(^|/)modules/',
    exclude: { path: '(\\.test|\\.test-helpers)\\.ts$' },
    tsPreCompilationDeps: true,
  },
};
