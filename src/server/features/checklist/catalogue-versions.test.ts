import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_CATALOGUE } from '@shared/checklist/catalogue';
import type { Catalogue } from '@shared/checklist/types';
import { actorFor, createOrganization } from '../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';
import { loadCatalogue, readCatalogue } from './catalogue-store';
import { getChecklist, updateChecklistItem } from './service';

describe.each(DRIVERS)('catalogue versions (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  it('has the current catalogue in the database once the app has started', async () => {
    const loaded = await readCatalogue(server.db, CURRENT_CATALOGUE.version);
    expect(loaded?.items).toEqual(CURRENT_CATALOGUE.items);
    expect(await loadCatalogue(server.db, CURRENT_CATALOGUE)).toBe('unchanged');
  });

  it('keeps an organization’s answers for every item number a new version still has', async () => {
    const org = await createOrganization(server.db);
    const actor = actorFor(org);
    const v1 = CURRENT_CATALOGUE.version;
    await updateChecklistItem(server.db, actor, '1-02', {
      revision: 0,
      status: 'compliant',
      comments: 'kept',
    });
    await updateChecklistItem(server.db, actor, '1-03', { revision: 0, status: 'non-compliant' });
    await updateChecklistItem(server.db, actor, '1-04', { revision: 0, findings: 'text reworded' });

    // A later version: 1-03 withdrawn, 1-04 reworded, 1-39 added, the rest unchanged.
    const [first, second, , fourth, ...rest] = CURRENT_CATALOGUE.items;
    const next: Catalogue = {
      version: 1_000 + randomInt(1_000_000),
      label: 'test version',
      items: [
        first!,
        second!,
        { ...fourth!, description: `${fourth!.description.slice(0, -1)}, in writing?` },
        ...rest,
        {
          number: '1-39',
          areaId: 'area1',
          description: 'Is the test item answered?',
          reference: '142.29',
        },
      ],
    };
    expect(await loadCatalogue(server.db, next)).toBe('loaded');
    expect(await loadCatalogue(server.db, next)).toBe('unchanged');

    const later = await getChecklist(server.db, actor, next.version);
    const byNumber = new Map(later.items.map((i) => [i.number, i]));
    expect(later.catalogueVersion).toBe(next.version);
    expect(byNumber.get('1-02')).toMatchObject({
      status: 'compliant',
      comments: 'kept',
      revision: 1,
    });
    expect(byNumber.get('1-04')).toMatchObject({
      findings: 'text reworded',
      description: next.items[2]!.description,
    });
    expect(byNumber.get('1-39')).toMatchObject({ status: 'pending', revision: 0 });
    expect(byNumber.has('1-03')).toBe(false);

    // The withdrawn item's answer is not deleted: the older version still shows it.
    const earlier = await getChecklist(server.db, actor, v1);
    expect(earlier.items.find((i) => i.number === '1-03')).toMatchObject({
      status: 'non-compliant',
    });
    // And the new version's items can be answered.
    await expect(
      updateChecklistItem(
        server.db,
        actor,
        '1-39',
        { revision: 0, status: 'compliant' },
        next.version,
      ),
    ).resolves.toMatchObject({ status: 'compliant' });
  });

  it('refuses to load a catalogue that cites a paragraph Part 142 does not have', async () => {
    const bad: Catalogue = {
      version: 2_000_000 + randomInt(1_000_000),
      label: 'bad',
      items: [{ number: '1-01', areaId: 'area1', description: 'Padded?', reference: '142.35(a)' }],
    };
    await expect(loadCatalogue(server.db, bad)).rejects.toThrow(
      '1-01: 142.35(a) does not exist in Part 142',
    );
    expect(await readCatalogue(server.db, bad.version)).toBeNull();
  });
});
