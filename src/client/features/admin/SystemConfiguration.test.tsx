import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SystemConfiguration as Configuration } from '@shared/api/configuration';
import type { HeadHistory } from '@shared/api/ledger';
import { createQueryClient } from '../../lib/api';
import { userOf } from '../../test/fixtures';
import { AUTH_KEY } from '../auth/use-auth';
import { SystemConfiguration } from './SystemConfiguration';

const CONFIGURATION: Configuration = {
  reviewThreshold: 0.85,
  maxPages: 200,
  ocr: { engine: 'tesseract.js 7', languages: ['eng'], workers: 2, maxPagesLimit: 200 },
  security: { twoFactorRequired: true, sessionMaxHours: 12 },
  setBy: { workers: 'OCR_WORKERS', sessionMaxHours: 'SESSION_MAX_HOURS' },
};

const head = (treeSize: number, over: Partial<HeadHistory['heads'][number]> = {}) => ({
  organizationId: 'o1',
  treeSize,
  rootHash: 'ab'.repeat(32),
  timestamp: '2026-11-30T10:00:00.000Z',
  signature: 'cd'.repeat(64),
  keyId: 'k2',
  fingerprint: `SHA256:${Array.from({ length: 16 }, () => '0a1b').join(':')}`,
  keyRetired: false,
  signatureValid: true,
  cosignatures: 1,
  ...over,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server as the card sees it: the configuration, a save, and two heads. */
function fakeServer() {
  let saved = CONFIGURATION;
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/admin/configuration' && init?.method === 'PUT') {
      saved = { ...saved, ...(JSON.parse(String(init.body)) as object) };
      return json(saved);
    }
    if (url === '/api/admin/configuration') return json(saved);
    if (url.startsWith('/api/ledger/heads')) {
      return json({
        total: 2,
        heads: [head(8), head(3, { keyId: 'k1', keyRetired: true, signatureValid: false })],
      } satisfies HeadHistory);
    }
    if (url === '/api/auth/user') return json(userOf('admin'));
    return json({ message: 'Not found', code: 'not_found' }, 404);
  });
}

function renderCard() {
  const client = createQueryClient();
  client.setQueryData(AUTH_KEY, userOf('admin'));
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SystemConfiguration />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('System Configuration', () => {
  it('shows the saved settings, refuses a threshold out of range, and saves one in range', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server);
    renderCard();
    await screen.findByText(/^85%: fields read below it are flagged for validation/);
    expect(screen.getByText(/with 2 workers, up to 200 pages per document/)).toBeTruthy();
    expect(screen.getByText(/Two-factor sign-in is required of everyone.*12 hours/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Configure the AI confidence threshold' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Threshold (%)');
    expect((input as HTMLInputElement).value).toBe('85');
    fireEvent.change(input, { target: { value: '40' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose at least 50%')).toBeTruthy();
    expect(server.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    fireEvent.change(input, { target: { value: '70' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText(/^70%: fields read below it/);
    const put = server.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ reviewThreshold: 0.7, maxPages: 200 });
  });

  it('lists the signed heads with their key, a retired key marked and a bad signature said', async () => {
    vi.stubGlobal('fetch', fakeServer());
    renderCard();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Configure the ledger: its signed head history' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('2 of 2 signed heads')).toBeTruthy();
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^8.*0a1b:0a1b…0a1b.*Valid1$/),
      expect.stringMatching(/^3.*Retired.*Does not verify1$/),
    ]);
  });
});
