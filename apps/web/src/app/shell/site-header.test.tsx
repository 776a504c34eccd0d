import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SITE_MENU_LAYER } from '../../lib/site-menu';
import { SiteHeader } from './site-header';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <SiteHeader /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const signInStaff = () => {
  localStorage.setItem('admin_access_token', 'staff-token');
  localStorage.setItem('admin_role', 'editor');
  localStorage.setItem('admin_email', 'ed@careslot.test');
};

describe('the site header on staff screens', () => {
  // The staff account area is a lazy chunk: its first import (transformed on demand here) can outlast findBy's wait on
  // a busy machine. Loading it first leaves the tests to judge what the header shows, not how fast the import is.
  beforeAll(async () => {
    await import('../../features/admin/components/staff-account');
  });

  it('shows the signed-in staff member (e-mail and role) and Logout, not the patients’ Login / Register', async () => {
    signInStaff();
    renderAt('/admin-home/payments');
    expect(await screen.findByText('ed@careslot.test')).toBeTruthy();
    expect(screen.getByText('Editor')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
  });

  it('Logout asks first, ends the staff sign-in and goes to the staff sign-in page', async () => {
    signInStaff();
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        return new Response(null, { status: 204 });
      }),
    );
    const router = renderAt('/admin-home');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(calls).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/careslot-signin'));
    expect(calls).toEqual(['/staff/logout/']);
    expect(localStorage.getItem('admin_access_token')).toBeNull();
    expect(localStorage.getItem('admin_email')).toBeNull();
  });

  it('the staff sign-in page with nobody signed in shows no account at all', () => {
    renderAt('/careslot-signin');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('a public page keeps the patients’ Login / Register, even with a staff sign-in in this browser', () => {
    signInStaff();
    renderAt('/about-us');
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register' })).toBeTruthy();
    expect(screen.queryByText('ed@careslot.test')).toBeNull();
  });
});

describe('the folded menu (below 960 px)', () => {
  it('stays open for a press in a layer of its own (the account menu, rendered in a portal), and closes for one outside', () => {
    renderAt('/about-us');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const layer = document.createElement('div');
    layer.setAttribute(SITE_MENU_LAYER, '');
    const item = document.createElement('div');
    item.setAttribute('role', 'menuitem');
    layer.append(item);
    document.body.append(layer);
    try {
      fireEvent.pointerDown(item);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      fireEvent.pointerDown(document.body);
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
    } finally {
      layer.remove();
    }
  });
});
