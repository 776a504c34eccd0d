import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/** The api project's run-wide folder of database templates (database-template.ts), removed when the run ends. */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'careslot-api-templates-'));
  project.provide('apiTemplateDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
