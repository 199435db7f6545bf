import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The import boundaries of eslint.config.js (STYLE.md, 'Seams between features'), checked on
 * made-up files: the paths need not exist, the config is chosen by path.
 */
describe('import boundaries', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root, overrideConfigFile: `${root}/eslint.config.js` });
  });

  async function refused(filePath: string, from: string): Promise<string[]> {
    const [result] = await eslint.lintText(`import { x } from '${from}';\nexport const y = x;\n`, {
      filePath: `${root}/${filePath}`,
    });
    return (result?.messages ?? [])
      .filter((m) => m.ruleId === 'no-restricted-imports')
      .map((m) => m.message);
  }

  it.each([
    ['src/server/features/training-events/x.ts', '../documents/extraction/dates'],
    ['src/server/features/training-events/x.ts', '../documents/reading/types'],
    ['src/server/features/training-events/x.ts', '../activity/audit-log'],
    ['src/server/features/audit/rules/x.ts', '../../checklist/import-file'],
    ['src/server/features/users/service.ts', '../../test/factories'],
    ['src/server/features/users/service.ts', '../../test/documents/server'],
    ['src/server/features/ledger/x.test.ts', '../training-events/import-rows'],
    ['src/server/test/documents/x.ts', '../../features/documents/reading/ocr-pool'],
    ['src/server/sessions/index.ts', '../features/auth/service'],
    ['src/server/http/x.ts', '../features/auth/service'],
    ['src/server/jobs/x.ts', '../features/documents/processing-job'],
    ['src/server/storage/x.test.ts', '../features/documents/service'],
    ['src/server/services.ts', './features/documents/document-reader'],
    ['src/server/reports/x.ts', '../test/harness'],
  ])('%s may not import %s', async (file, from) => {
    expect(await refused(file, from)).not.toEqual([]);
  });

  it.each([
    ['src/server/features/training-events/x.ts', '../documents/service'],
    ['src/server/features/training-events/x.ts', '../documents/repository'],
    ['src/server/features/audit/rules/x.ts', '../../checklist/repository'],
    ['src/server/features/audit/x.ts', '@shared/checklist/catalogue'],
    ['src/server/features/documents/extraction/x.ts', '../reading/types'],
    ['src/server/features/users/users.test.ts', '../../test/factories'],
    ['src/server/features/ledger/x.test.ts', '../training-events/service'],
    ['src/server/features/ledger/x.test.ts', '../../test/documents/server'],
    ['src/server/http/x.ts', '../sessions/index'],
    ['src/server/jobs/registry.ts', '../features/documents/processing-job'],
    ['src/server/app.ts', './features/documents/routes'],
    ['src/server/test/factories.ts', '../features/setup/service'],
  ])('%s may import %s', async (file, from) => {
    expect(await refused(file, from)).toEqual([]);
  });
});
