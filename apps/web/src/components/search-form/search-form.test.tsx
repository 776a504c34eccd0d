import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeCachedSpecialities } from '../../lib/specialities';
import { DISTANCE_FILTER_STATE, SearchForm } from './search-form';

afterEach(() => {
  cleanup();
  localStorage.clear();
});
beforeEach(() =>
  writeCachedSpecialities('uk', [
    { id: 1, slug: 'dentist', name: 'Dentist' },
    { id: 2, slug: 'gp', name: 'General Practitioner' },
  ]),
);

let seen: { search: string; state: unknown }[] = [];
function Results() {
  const location = useLocation();
  seen.push({ search: location.search, state: location.state });
  return <SearchForm variant="bar" region="uk" initial={{ postcode: 'b15 3hg', specialty: 'dentist', radius: 25, view: 'map' }} />;
}

function renderAt(element: React.ReactNode) {
  seen = [];
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '/results', element: <Results /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('SearchForm', () => {
  it('on /results, a new radius applies at once and is marked as a distance-filter change; the view is kept', () => {
    const router = renderAt(
      <SearchForm variant="bar" region="uk" initial={{ postcode: 'b15 3hg', specialty: 'dentist', radius: 25, view: 'map' }} />,
    );
    fireEvent.change(screen.getByLabelText('Within'), { target: { value: '50' } });
    expect(router.state.location.pathname).toBe('/results');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('radius')).toBe('50');
    expect(params.get('view')).toBe('map');
    expect((router.state.location.state as Record<string, unknown>)[DISTANCE_FILTER_STATE]).toBe(true);
  });

  it('a new speciality applies at once but is not a distance-filter change', () => {
    const router = renderAt(<SearchForm variant="bar" region="uk" initial={{ postcode: 'b15 3hg', specialty: 'dentist', radius: 25 }} />);
    fireEvent.change(screen.getByLabelText('Speciality'), { target: { value: 'gp' } });
    expect(new URLSearchParams(router.state.location.search).get('specialty')).toBe('gp');
    expect(router.state.location.state).toBeNull();
  });

  it('on the home page nothing moves until Search, and a first search is not a distance-filter change', () => {
    const router = renderAt(<SearchForm region="uk" />);
    expect(screen.getByLabelText('Postcode').getAttribute('placeholder')).toBe('e.g. SW1A 1AA');
    fireEvent.change(screen.getByLabelText('Within'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Speciality'), { target: { value: 'dentist' } });
    expect(router.state.location.pathname).toBe('/');
    fireEvent.change(screen.getByLabelText('Postcode'), { target: { value: 'b15 3hg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/results');
    expect(new URLSearchParams(router.state.location.search).get('radius')).toBe('50');
    expect(router.state.location.state).toBeNull();
  });

  it('an invalid postcode on /results shows the error and does not search', () => {
    const router = renderAt(<SearchForm variant="bar" region="uk" initial={{ postcode: 'b15 3hg', specialty: 'dentist', radius: 25 }} />);
    fireEvent.change(screen.getByLabelText('Postcode'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Within'), { target: { value: '50' } });
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('alert').textContent).toBe("We couldn't find that postcode");
  });
});
