import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The module-cycle rule that `npm run lint` runs over apps/api/src/modules (.dependency-cruiser.cjs, decision 023), run
 * the same way on a fixture: it must refuse a loop between modules that no two files close (a → b → c → a). That it
 * passes on the real modules is what `npm run lint:cycles` checks in CI.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');

async function cruise(folder: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await promisify(execFile)(depcruise, ['--config', '.dependency-cruiser.cjs', folder], { cwd: root });
    return { code: 0, output: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, output: e.stdout };
  }
}

describe('no loop between API modules', () => {
  it('fails on modules that loop through each other even when no file loops', async () => {
    const { code, output } = await cruise('apps/api/src/test/module-cycle-fixture/modules');
    expect(code).not.toBe(0);
    expect(output).toContain('no-module-cycle');
    expect(output).toMatch(/modules\/a →\s+\S+modules\/b →\s+\S+modules\/c →\s+\S+modules\/a/);
  });
});
