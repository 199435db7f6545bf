import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@shared/constants/roles';
import { Sidebar } from '../../components/layout/Sidebar';
import { fakeApi } from '../../test/fake-api';
import { signedInAs } from '../../test/fixtures';
import { renderScreen } from '../../test/render';

function openSidebar(unacknowledged: number, role: Role = 'auditor') {
  const api = fakeApi({
    ...signedInAs(role),
    'GET /api/regulatory/alerts/count': { unacknowledged },
  });
  renderScreen(<Sidebar />);
  return api;
}

const alertsEntry = () => screen.findByRole('link', { name: /^Regulatory Alerts/ });

describe('Sidebar: Regulatory Alerts badge', () => {
  it('shows the count of unacknowledged alerts from the server', async () => {
    const api = openSidebar(3);
    const entry = await alertsEntry();
    await waitFor(() => expect(entry.textContent).toBe('Regulatory Alerts3 unacknowledged'));
    expect(within(entry).getByText('3')).toBeTruthy();
    expect(api.callsTo('GET /api/regulatory/alerts/count')).toHaveLength(1);
  });

  it('is hidden at 0', async () => {
    const api = openSidebar(0);
    const entry = await alertsEntry();
    await waitFor(() => expect(api.callsTo('GET /api/regulatory/alerts/count')).toHaveLength(1));
    expect(entry.textContent).toBe('Regulatory Alerts');
  });

  it('is not asked for by a role that may not read alerts', async () => {
    const api = openSidebar(3, 'viewer');
    const entry = await alertsEntry();
    expect(entry.textContent).toBe('Regulatory Alerts');
    expect(api.callsTo('GET /api/regulatory/alerts/count')).toHaveLength(0);
  });
});
