import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ErrorBoundary } from './ErrorScreen';

function Thrower({ error }: { error: unknown }): never {
  throw error;
}

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  // React and the boundary both log the caught error; the test expects it, so keep it quiet.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  consoleError.mockRestore();
});

function technicalDetails() {
  const summary = screen.getByText('Technical Details');
  const details = summary.closest('details');
  if (!details) throw new Error('Technical Details is not a <details> disclosure');
  return { summary, details, pre: details.querySelector('pre') };
}

describe('ErrorBoundary', () => {
  it('renders its children when nothing throws', () => {
    render(
      <ErrorBoundary>
        <p>Dashboard content</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Dashboard content')).toBeTruthy();
    expect(screen.queryByText('Application Error')).toBeNull();
  });

  it('shows the error screen with the message, a reload button and the stack', () => {
    const error = new Error('The training ledger could not be read');
    render(
      <ErrorBoundary>
        <Thrower error={error} />
      </ErrorBoundary>,
    );

    expect(screen.getByText('Application Error')).toBeTruthy();
    expect(screen.getByText('Something went wrong with the application')).toBeTruthy();
    expect(screen.getByText('The training ledger could not be read')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Application' })).toBeTruthy();

    const { summary, details, pre } = technicalDetails();
    expect(details.open).toBe(false);
    fireEvent.click(summary);
    expect(details.open).toBe(true);
    expect(error.stack).toBeTruthy();
    expect(pre?.textContent).toBe(error.stack);
    expect(pre?.textContent).toContain('The training ledger could not be read');

    expect(consoleError).toHaveBeenCalledWith('Application error', error, expect.any(String));
  });

  it('says "Unknown error occurred" when something other than an Error is thrown', () => {
    render(
      <ErrorBoundary>
        <Thrower error="catalogue missing" />
      </ErrorBoundary>,
    );

    expect(screen.getByText('Application Error')).toBeTruthy();
    expect(screen.getByText('Unknown error occurred')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Application' })).toBeTruthy();
    expect(technicalDetails().pre?.textContent).toBe('catalogue missing');
  });

  it('says "Unknown error occurred" for an Error without a message', () => {
    render(
      <ErrorBoundary>
        <Thrower error={new Error('')} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Unknown error occurred')).toBeTruthy();
  });
});
