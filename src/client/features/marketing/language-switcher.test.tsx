import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { switchLanguage } from '../../i18n/app';
import { setLanguage } from '../../i18n/language';
import { PublicLayout } from './PublicLayout';

afterEach(() => setLanguage('en'));

async function choose(select: HTMLElement, language: 'es' | 'fr') {
  await act(async () => {
    fireEvent.change(select, { target: { value: language } });
    // The chosen language's catalogues are fetched the first time it is chosen (the page's and,
    // in this suite, the application's too).
    await switchLanguage(language);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

it('offers each language in its own name and redraws the page in the chosen one', async () => {
  render(
    <MemoryRouter>
      <PublicLayout>
        <p>Page</p>
      </PublicLayout>
    </MemoryRouter>,
  );
  const select = screen.getByRole('combobox', { name: 'Language' });
  expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
    'English',
    'Español',
    'Français',
  ]);
  expect(screen.getAllByRole('link', { name: 'Pricing' }).length).toBeGreaterThan(0);

  await choose(select, 'fr');
  expect(screen.getByRole('combobox', { name: 'Langue' })).toHaveProperty('value', 'fr');
  expect(screen.getAllByRole('link', { name: 'Tarifs' }).length).toBeGreaterThan(0);
  expect(document.documentElement.lang).toBe('fr');

  await choose(screen.getByRole('combobox', { name: 'Langue' }), 'es');
  expect(screen.getAllByRole('link', { name: 'Precios' }).length).toBeGreaterThan(0);
  expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveProperty('value', 'es');
});
