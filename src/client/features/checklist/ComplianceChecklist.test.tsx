import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  checklistConflict,
  checklistItem,
  type ChecklistItemState,
  type UpdateChecklistItemRequest,
} from '@shared/api/checklist';
import { CURRENT_CATALOGUE } from '@shared/checklist/catalogue';
import type { Role } from '@shared/constants/roles';
import ComplianceChecklist from '../../pages/app/ComplianceChecklist';
import { apiError, fakeApi, json, type ApiCall } from '../../test/fake-api';
import { checklistOf, signedInAs, userOf } from '../../test/fixtures';
import { onDesktop, renderScreen, typeInto } from '../../test/render';

const TOTAL = CURRENT_CATALOGUE.items.length;
const IN_AREA_1 = CURRENT_CATALOGUE.items.filter((i) => i.areaId === 'area1').length;

/**
 * The checklist server: answers are kept per item with a revision; a save based on another
 * revision is refused with 409 and the item as it is now, as the real route does.
 */
function checklistServer(role: Role, answered: Record<string, Partial<ChecklistItemState>> = {}) {
  const checklist = checklistOf(answered);
  const items = new Map(checklist.items.map((i) => [i.number, i]));
  const me = userOf(role);
  const patch = ({ params, body }: ApiCall) => {
    const current = items.get(params.number!)!;
    const change = body as UpdateChecklistItemRequest;
    if (change.revision !== current.revision) {
      const who = current.updatedBy ? ` by ${current.updatedBy.name}` : '';
      return json(
        checklistConflict.parse({
          message: `Item ${current.number} was changed${who} after you opened it. Review the current version, then save again.`,
          code: 'conflict',
          current,
        }),
        409,
      );
    }
    const { revision: _seen, ...fields } = change;
    const saved = checklistItem.parse({
      ...current,
      ...fields,
      revision: current.revision + 1,
      updatedAt: '2025-03-04T09:30:00.000Z',
      updatedBy: { id: me.id, name: `${me.firstName} ${me.lastName}`, email: me.email },
    });
    items.set(saved.number, saved);
    return saved;
  };
  const api = fakeApi({
    ...signedInAs(role),
    'GET /api/checklist': checklist,
    'PATCH /api/checklist/:number': patch,
  });
  return { api, items, saves: () => api.callsTo('PATCH /api/checklist/:number') };
}

function openChecklist(route = '/compliance-checklist') {
  onDesktop();
  return renderScreen(<ComplianceChecklist />, { route });
}

const areaTab = (name: string) =>
  within(document.querySelector<HTMLElement>('[role="tablist"]')!).getByRole('tab', {
    name: new RegExp(name),
  });
const areaHeading = () => screen.getByText(/^Area \d+:/).textContent;

/** Opens an item of the current area and returns its panel. */
async function openItem(number: string) {
  const trigger = (await screen.findByText(number, { selector: 'button span' })).closest('button')!;
  fireEvent.click(trigger);
  expect(trigger.getAttribute('aria-expanded')).toBe('true');
  const panel = document.getElementById(trigger.getAttribute('aria-controls')!)!;
  expect(panel.getAttribute('role')).toBe('region');
  return panel;
}

describe('the Part 142 checklist: areas in the URL', () => {
  it('opens the area named in the link and moves the URL with the tabs', async () => {
    checklistServer('instructor');
    const { search } = openChecklist('/compliance-checklist?area=area3');
    await screen.findByText('Area 3: Courseware');
    expect(areaTab('Courseware').getAttribute('aria-selected')).toBe('true');
    expect(areaTab('Management and Administration').getAttribute('aria-selected')).toBe('false');

    fireEvent.mouseDown(areaTab('Management and Administration'));
    // The first area is the default and leaves the URL clean.
    await waitFor(() => expect(search()).toEqual({}));
    expect(areaHeading()).toBe('Area 1: Management and Administration');

    fireEvent.mouseDown(areaTab('Training Specifications'));
    await waitFor(() => expect(search()).toEqual({ area: 'area2' }));
    expect(areaHeading()).toBe('Area 2: Training Specifications');
  });

  it('opens the item named in a link (a required action of the regulatory monitor)', async () => {
    checklistServer('instructor');
    openChecklist('/compliance-checklist?area=area5&item=5-09');
    await screen.findByText(/^Area 5:/);
    const trigger = (await screen.findByText('5-09', { selector: 'button span' })).closest(
      'button',
    )!;
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const other = screen.getByText('5-01', { selector: 'button span' }).closest('button')!;
    expect(other.getAttribute('aria-expanded')).toBe('false');
  });

  it('counts reviewed items per area and overall from the organization’s answers', async () => {
    checklistServer('auditor', {
      '1-01': { status: 'compliant' },
      '1-02': { status: 'not-applicable' },
      '3-01': { status: 'non-compliant' },
    });
    openChecklist();
    await screen.findByText('Area 1: Management and Administration');
    expect(
      screen.getByText(`3 of ${TOTAL} items reviewed (${Math.round((3 / TOTAL) * 100)}%)`),
    ).toBeTruthy();
    expect(areaTab('Management and Administration').textContent).toContain(`2/${IN_AREA_1}`);
    expect(areaTab('Courseware').textContent).toMatch(/1\/\d+$/);
    expect(areaTab('Training Specifications').textContent).toMatch(/0\/\d+$/);
    const counts = Object.fromEntries(
      Array.from(document.querySelectorAll('dt'), (dt) => [
        dt.textContent,
        dt.nextElementSibling?.textContent,
      ]),
    );
    expect(counts).toMatchObject({
      Compliant: '1',
      'Non-compliant': '1',
      'Not applicable': '1',
      Pending: String(TOTAL - 3),
    });
  });
});

describe('answering an item', () => {
  it('saves a ticked status with the revision it saw, and the counts follow', async () => {
    const { saves } = checklistServer('instructor');
    openChecklist();
    const item = await openItem('1-02');
    fireEvent.click(within(item).getByRole('checkbox', { name: 'Compliant' }));

    await waitFor(() =>
      expect(within(item).getByText('Compliant', { selector: 'legend span' })).toBeTruthy(),
    );
    expect(saves().map((c) => [c.params.number, c.body])).toEqual([
      ['1-02', { revision: 0, status: 'compliant' }],
    ]);
    await waitFor(() =>
      expect(areaTab('Management and Administration').textContent).toContain(`1/${IN_AREA_1}`),
    );
    expect(within(item).getByText('Last changed 03/04/2025 at 09:30 AM by Dana Fox')).toBeTruthy();

    // Clearing the ticked box returns the item to Pending, based on the new revision.
    fireEvent.click(within(item).getByRole('checkbox', { name: 'Compliant' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]!.body).toEqual({ revision: 1, status: 'pending' });
    await waitFor(() =>
      expect(areaTab('Management and Administration').textContent).toContain(`0/${IN_AREA_1}`),
    );
  });

  it('shows someone else’s newer status instead of overwriting it', async () => {
    const { items, saves } = checklistServer('instructor');
    openChecklist();
    const item = await openItem('1-02');
    // A colleague saved while this screen was open.
    items.set('1-02', {
      ...items.get('1-02')!,
      status: 'non-compliant',
      revision: 4,
      updatedBy: { id: 'u9', name: 'Morgan Lee', email: 'morgan@northwind.test' },
    });
    fireEvent.click(within(item).getByRole('checkbox', { name: 'Compliant' }));

    expect((await within(item).findByRole('alert')).textContent).toBe(
      'Item 1-02 was changed by Morgan Lee after you opened it. Review the current version, then save again. The status shown is theirs.',
    );
    expect(saves()).toHaveLength(1);
    await waitFor(() =>
      expect(
        (within(item).getByRole('checkbox', { name: 'Non-compliant' }) as HTMLInputElement).checked,
      ).toBe(true),
    );
    expect(
      (within(item).getByRole('checkbox', { name: 'Compliant' }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('saves comments once typing pauses, with the last text only', async () => {
    const { saves } = checklistServer('instructor');
    openChecklist();
    const item = await openItem('1-04');
    const comments = within(item).getByLabelText('Comments');
    typeInto(comments, 'Satellite');
    typeInto(comments, 'Satellite at KBFI');
    typeInto(comments, 'Satellite at KBFI supervised weekly by the chief instructor.');
    expect(within(item).getByText('Saving…')).toBeTruthy();

    expect(await within(item).findByText('Saved')).toBeTruthy();
    expect(saves().map((c) => c.body)).toEqual([
      { revision: 0, comments: 'Satellite at KBFI supervised weekly by the chief instructor.' },
    ]);
  });

  it('says a comment was not saved, with the server’s reason', async () => {
    const { api } = checklistServer('instructor');
    api.on('PATCH /api/checklist/:number', () =>
      apiError(422, 'Comments can be at most 20,000 characters', 'validation_failed'),
    );
    openChecklist();
    const item = await openItem('1-04');
    const findings = within(item).getByLabelText('Findings');
    typeInto(findings, 'x');
    fireEvent.blur(findings);
    expect(
      await within(item).findByText(/Not saved: Comments can be at most 20,000 characters/),
    ).toBeTruthy();
  });

  it('lets an Auditor read every answer but change none', async () => {
    const { saves } = checklistServer('auditor', { '1-02': { comments: 'Roster attached.' } });
    openChecklist();
    expect(
      await screen.findByText(
        'Your role can read the checklist; Admins and Instructors change it.',
      ),
    ).toBeTruthy();
    const item = await openItem('1-02');
    for (const box of within(item).getAllByRole('checkbox')) {
      expect((box as HTMLInputElement).disabled).toBe(true);
    }
    const comments = within(item).getByLabelText('Comments') as HTMLTextAreaElement;
    expect(comments.value).toBe('Roster attached.');
    expect(comments.readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: /Import/ })).toBeNull();
    expect(saves()).toHaveLength(0);
  });
});
