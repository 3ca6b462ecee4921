import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toApiError, getErrorMessage } from '../api/base-api';
import {
  ERROR_TOAST_BASE_MS,
  ERROR_TOAST_MAX_MS,
  errorToastDuration,
  errorToastId,
  notifyError,
} from './notify';
import { AppToaster } from './toaster';

afterEach(() => {
  vi.restoreAllMocks();
});

function toasts() {
  return [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')];
}

describe('error toasts (notifyError)', () => {
  it('last 5 s, longer for long messages (per character above 80), and never more than 15 s', () => {
    expect(errorToastDuration('Login failed', 'Invalid email or password')).toBe(ERROR_TOAST_BASE_MS);
    expect(errorToastDuration('x'.repeat(80))).toBe(5000);
    expect(errorToastDuration('x'.repeat(40), 'y'.repeat(60))).toBe(5000 + 20 * 50);
    expect(errorToastDuration('Generation Error', 'z'.repeat(2000))).toBe(ERROR_TOAST_MAX_MS);
  });

  it('passes its duration and a stable id made from the title and description to sonner', () => {
    const spy = vi.spyOn(toast, 'error');
    const long = 'The local engine can only do these edits: '.padEnd(300, '.');

    notifyError('Generation Error', { description: long });
    notifyError('Out of Credits!', { id: 'out-of-credits', duration: 3000 });

    expect(spy).toHaveBeenNthCalledWith(1, 'Generation Error', {
      id: errorToastId('Generation Error', long),
      duration: errorToastDuration('Generation Error', long),
      description: long,
    });
    expect(errorToastDuration('Generation Error', long)).toBeGreaterThan(ERROR_TOAST_BASE_MS);
    expect(spy).toHaveBeenNthCalledWith(2, 'Out of Credits!', { id: 'out-of-credits', duration: 3000 });
    expect(errorToastId('Login failed', 'a')).toBe(errorToastId('Login failed', 'a'));
    expect(errorToastId('Login failed', 'a')).not.toBe(errorToastId('Login failed', 'b'));
    expect(errorToastId('Login failed')).not.toBe(errorToastId('Registration failed'));
  });

  it('shows identical toasts once, not stacked', async () => {
    render(<AppToaster />);

    act(() => {
      for (let i = 0; i < 4; i += 1) notifyError('Login failed', { description: 'Invalid email or password' });
    });

    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getAllByText('Login failed')).toHaveLength(1);
    expect(toasts()).toHaveLength(1);

    act(() => {
      notifyError('Login failed', { description: 'Too many attempts' });
    });
    expect(await screen.findByText('Too many attempts')).toBeInTheDocument();
    expect(toasts()).toHaveLength(2);
  });

  it('is destructive: the error type with the toaster\'s error class, unlike a success toast', async () => {
    render(<AppToaster />);

    act(() => {
      notifyError('Login failed', { description: 'Invalid email or password' });
      toast.success('Welcome back!');
    });

    const error = (await screen.findByText('Login failed')).closest<HTMLElement>('[data-sonner-toast]');
    const success = (await screen.findByText('Welcome back!')).closest<HTMLElement>('[data-sonner-toast]');
    expect(error).toHaveAttribute('data-type', 'error');
    expect(success).toHaveAttribute('data-type', 'success');
    expect(error?.className).toMatch(/error/);
    expect(error?.className).not.toBe(success?.className);
  });

  it('never shows the status code, which stays in the error object', async () => {
    render(<AppToaster />);
    const failure = toApiError(401, 'Unauthorized', JSON.stringify({ message: 'Invalid email or password' }));

    act(() => {
      notifyError('Login failed', { description: getErrorMessage(failure) });
    });

    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.queryByText(/401/)).not.toBeInTheDocument();
    expect(failure).toMatchObject({ status: 401, message: '401: Invalid email or password' });
  });
});
