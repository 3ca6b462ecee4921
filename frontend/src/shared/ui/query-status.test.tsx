import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../api/base-api';
import { QueryStatus, type QueryState } from './query-status';

const FORBIDDEN: ApiError = { status: 403, message: '403: Upgrade required', data: null };
const DOWN: ApiError = { status: 500, message: '500: down', data: null };

function show(query: Partial<QueryState<string[]>>, extra: { forbidden?: boolean } = {}) {
  const refetch = vi.fn();
  render(
    <QueryStatus
      query={{ isLoading: false, refetch, ...query }}
      loadingText="Loading the things..."
      skeleton={<p>skeleton</p>}
      errorText="Unable to load the things."
      emptyText="No things yet."
      forbidden={extra.forbidden ? { text: 'Upgrade to see the things.', actions: <a href="/pricing">Upgrade Now</a> } : undefined}
    >
      {(things) => (
        <ul aria-label="Things">
          {things.map((thing) => (
            <li key={thing}>{thing}</li>
          ))}
        </ul>
      )}
    </QueryStatus>,
  );
  return { refetch };
}

describe('QueryStatus', () => {
  it('announces loading in a busy status region with the placeholder', () => {
    show({ isLoading: true });

    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).toHaveTextContent('Loading the things...');
    expect(screen.getByText('skeleton')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the empty text for an empty answer', () => {
    show({ data: [] });

    expect(screen.getByText('No things yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows what to do about an empty answer', () => {
    render(
      <QueryStatus
        query={{ data: [], isLoading: false, refetch: vi.fn() }}
        loadingText="Loading the things..."
        errorText="Unable to load the things."
        emptyText="No things yet."
        emptyAction={<a href="/make">Make one</a>}
      >
        {() => null}
      </QueryStatus>,
    );

    expect(screen.getByText('No things yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Make one' })).toHaveAttribute('href', '/make');
  });

  it('shows the loaded answer', () => {
    show({ data: ['one', 'two'] });

    expect(screen.getByRole('list', { name: 'Things' })).toHaveTextContent('onetwo');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the error text as an alert with a Try again button that fetches again', async () => {
    const user = userEvent.setup();
    const { refetch } = show({ error: DOWN });

    expect(screen.getByRole('alert')).toHaveTextContent('Unable to load the things.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the last answer on screen when a refetch fails', () => {
    show({ data: ['one'], error: DOWN });

    expect(screen.getByRole('list', { name: 'Things' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the 403 state with its actions instead of the error', () => {
    show({ error: FORBIDDEN }, { forbidden: true });

    expect(screen.getByText('Upgrade to see the things.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('treats a 403 as an ordinary error when the list has no 403 state', () => {
    show({ error: FORBIDDEN });

    expect(screen.getByRole('alert')).toHaveTextContent('Unable to load the things.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
