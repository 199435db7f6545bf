import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CURRENT_CATALOGUE } from '@shared/checklist/catalogue';
import FarCompliance from '../../pages/app/FarCompliance';
import { apiError, fakeApi } from '../../test/fake-api';
import { checklistOf, signedInAs } from '../../test/fixtures';
import { chooseOption, renderScreen, typeInto } from '../../test/render';

const TOTAL = CURRENT_CATALOGUE.items.length;
const AREA_1 = CURRENT_CATALOGUE.items.filter((i) => i.areaId === 'area1');
const AREA_3 = CURRENT_CATALOGUE.items.filter((i) => i.areaId === 'area3');

/** The organization has answered four items so far. */
const ANSWERED = checklistOf({
  '1-01': { status: 'compliant', comments: 'No such person on the payroll (HR check 2025-01).' },
  '1-02': { status: 'compliant' },
  '1-03': { status: 'partial' },
  '3-01': { status: 'non-compliant' },
});

function openFar(route = '/far-compliance', checklist: object = ANSWERED) {
  const api = fakeApi({ ...signedInAs('auditor'), 'GET /api/checklist': checklist });
  return { api, ...renderScreen(<FarCompliance />, { route }) };
}

const shownCount = () => screen.getByText(/^Showing \d+ of \d+ checklist items$/).textContent;
const itemNumbers = () =>
  Array.from(
    screen.getByRole('region', { name: 'Checklist items' }).querySelectorAll('li .font-mono'),
    (el) => el.textContent,
  );
const searchBox = () => screen.getByRole('searchbox', { name: 'Search checklist items' });
const areaFilter = () => screen.getByRole('combobox', { name: 'Filter by area' });
/** The figure of a stat tile (its label is a paragraph; status badges are spans). */
const statCard = (label: string) =>
  screen.getByText(label, { selector: 'p' }).nextElementSibling?.textContent;

describe('FAR Compliance: the inspection checklist with search and area filter', () => {
  it('shows the organization’s figures over the whole catalogue', async () => {
    openFar();
    await screen.findByText(`Showing ${TOTAL} of ${TOTAL} checklist items`);
    // 2 compliant of 200 items.
    expect(statCard('Overall Compliance')).toBe(`${Math.round((2 / TOTAL) * 100)}%`);
    expect(statCard('Compliant')).toBe('2');
    expect(statCard('Partial')).toBe('1');
    expect(statCard('Pending')).toBe(String(TOTAL - 4));
    expect(screen.getByText(`2 of ${TOTAL} items compliant`)).toBeTruthy();
    expect(screen.getByText('No such person on the payroll (HR check 2025-01).')).toBeTruthy();
  });

  it('reads the search and the area from the link', async () => {
    openFar('/far-compliance?q=evaluator&area=area1');
    await screen.findByText(/^Showing/);
    const expected = AREA_1.filter((i) => /evaluator/i.test(`${i.description} ${i.reference}`));
    expect(expected.length).toBeGreaterThan(0);
    expect(shownCount()).toBe(`Showing ${expected.length} of ${TOTAL} checklist items`);
    expect(itemNumbers()).toEqual(expected.map((i) => i.number));
    expect((searchBox() as HTMLInputElement).value).toBe('evaluator');
    expect(areaFilter().textContent).toBe(`1. Management and Administration (${AREA_1.length})`);
  });

  it('puts the search in the URL as it is typed and narrows the list', async () => {
    const { search } = openFar();
    await screen.findByText(`Showing ${TOTAL} of ${TOTAL} checklist items`);
    typeInto(searchBox(), '142.13(b)');
    expect(search()).toEqual({ q: '142.13(b)' });
    const citing = CURRENT_CATALOGUE.items.filter((i) => i.reference.includes('142.13(b)'));
    expect(citing.map((i) => i.number)).toContain('1-03');
    await waitFor(() => expect(itemNumbers()).toEqual(citing.map((i) => i.number)));
    expect(shownCount()).toBe(`Showing ${citing.length} of ${TOTAL} checklist items`);

    typeInto(searchBox(), '');
    expect(search()).toEqual({});
    await waitFor(() => expect(itemNumbers()).toHaveLength(TOTAL));
  });

  it('filters by area from the select and clears it again with All Areas', async () => {
    const { search } = openFar();
    await screen.findByText(`Showing ${TOTAL} of ${TOTAL} checklist items`);
    await chooseOption(areaFilter(), `3. Courseware (${AREA_3.length})`);
    expect(search()).toEqual({ area: 'area3' });
    await waitFor(() => expect(itemNumbers()).toEqual(AREA_3.map((i) => i.number)));

    await chooseOption(areaFilter(), `All Areas (${TOTAL} items)`);
    expect(search()).toEqual({});
    await waitFor(() => expect(itemNumbers()).toHaveLength(TOTAL));
  });

  it('ignores an area the catalogue does not have', async () => {
    openFar('/far-compliance?area=area99');
    expect(await screen.findByText(`Showing ${TOTAL} of ${TOTAL} checklist items`)).toBeTruthy();
    expect(areaFilter().textContent).toBe(`All Areas (${TOTAL} items)`);
  });

  it('says when nothing matches, and Clear Filters brings everything back in one step', async () => {
    const { search } = openFar('/far-compliance?q=helicopter%20hoist&area=area3');
    expect(await screen.findByText('No checklist items match your search criteria.')).toBeTruthy();
    expect(shownCount()).toBe(`Showing 0 of ${TOTAL} checklist items`);
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(search()).toEqual({});
    await waitFor(() => expect(itemNumbers()).toHaveLength(TOTAL));
    expect((searchBox() as HTMLInputElement).value).toBe('');
  });

  it('shows no percentage before the catalogue has any item', async () => {
    openFar('/far-compliance', { ...ANSWERED, items: [] });
    await screen.findByText('Showing 0 of 0 checklist items');
    const overall = screen.getByText('Overall Compliance', { selector: 'p' }).nextElementSibling!;
    expect(within(overall as HTMLElement).getByText('No data')).toBeTruthy();
  });

  it('says the checklist could not be loaded', async () => {
    openFar('/far-compliance', () => apiError(500, 'Internal server error', 'internal_error'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not load the checklist. Internal server error',
    );
  });
});
