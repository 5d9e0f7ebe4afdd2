import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { locationJobsRange } from '../../../../domain/jobs';
import type { CustomerDetailResponse } from '../../../../domain/customers';
import type { SearchResponse } from '../../../../domain/search';
import { jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { SEARCH_TEXT_MAX } from '../../../../domain/api/text';

const empty = { count: 0, hits: [] };
const ANSWER: SearchResponse = {
  q: '0412 345 678',
  groups: {
    jobs: empty,
    customers: {
      count: 1,
      hits: [
        {
          id: 'c1',
          title: 'Margaret Whitfield',
          subtitle: '+61412345678',
          matched: '+61412345678',
        },
      ],
    },
    drivers: empty,
    vehicles: empty,
    locations: empty,
  },
};

afterEach(() => vi.restoreAllMocks());

describe('Search', { timeout: 15_000 }, () => {
  it('shows the box, Recent Searches and the empty results text', async () => {
    stubApi({
      'GET /api/me': signedInAs('dispatcher'),
      'GET /api/search/recent': () =>
        jsonResponse(200, {
          searches: [{ id: 1, query: 'airport', searchedAt: '2030-01-01T00:00:00Z' }],
        }),
    });
    renderApp(['/search']);
    const box = await screen.findByPlaceholderText(
      'Search jobs, drivers, or locations...',
      undefined,
      { timeout: 5000 },
    );
    // The box stops where the server's q does, rather than showing 'q: must be at most 200 characters'.
    expect(box).toHaveAttribute('maxLength', String(SEARCH_TEXT_MAX));
    expect(
      within(screen.getByRole('search')).getByRole('button', { name: 'Search' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent Searches' })).toBeInTheDocument();
    expect(await screen.findByText('airport')).toBeInTheDocument();
    expect(screen.getByText('Enter a search term to see results')).toBeInTheDocument();
  });

  it('searches, groups results with counts and marks the matched phone', async () => {
    const fetch = stubApi({
      'GET /api/me': signedInAs('dispatcher'),
      'GET /api/search/recent': () => jsonResponse(200, { searches: [] }),
      'GET /api/search': () => jsonResponse(200, ANSWER),
    });
    const { user, router } = renderApp(['/search']);
    const box = await screen.findByPlaceholderText(
      'Search jobs, drivers, or locations...',
      undefined,
      { timeout: 5000 },
    );
    await user.type(box, '0412 345 678');
    await user.click(within(screen.getByRole('search')).getByRole('button', { name: 'Search' }));
    const customers = await screen.findByRole('region', { name: 'Customers' });
    expect(within(customers).getByText('1')).toBeInTheDocument();
    expect(within(customers).getByText('Margaret Whitfield')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=0412+345+678');
    expect(
      fetch.mock.calls.some(([input]) => String(input).includes('/api/search?q=0412%20345%20678')),
    ).toBe(true);
  });

  it("opens a customer's profile as Customer Management shows it, read-only", async () => {
    const customer: CustomerDetailResponse['customer'] = {
      id: 'c1',
      firstName: 'Margaret',
      lastName: 'Whitfield',
      email: 'margaret@example.com',
      phone: '+61412345678',
      homeAddress: null,
      preferredVehicleType: null,
      notes: '',
      savedAddresses: [],
      totalBookings: 0,
      totalSpent: 0,
      lastBookingDate: null,
      nextBookingDate: null,
      createdAt: '2024-01-01T00:00:00.000Z',
    };
    stubApi({
      'GET /api/me': signedInAs('dispatcher'),
      'GET /api/search/recent': () => jsonResponse(200, { searches: [] }),
      'GET /api/search': () => jsonResponse(200, ANSWER),
      'GET /api/customers/c1': () =>
        jsonResponse(200, {
          customer,
          recentBookings: [
            {
              id: 'b1',
              reference: 'ZQ7K2M',
              pickupTime: '2026-11-20T02:00:00.000Z',
              pickupLocation: 'Crown Towers Perth',
              dropoffLocation: 'Perth Airport T1',
              status: 'cancelled',
              fareAmount: 55,
            },
          ],
        } satisfies CustomerDetailResponse),
    });
    const { user } = renderApp(['/search?q=0412+345+678']);
    const customers = await screen.findByRole('region', { name: 'Customers' }, { timeout: 5000 });
    await user.click(within(customers).getByText('Margaret Whitfield'));
    const dialog = await screen.findByRole('dialog', { name: 'Customer Profile' });
    const recent = await within(dialog).findByRole('table', { name: 'Recent bookings' });
    expect(within(recent).getByRole('columnheader', { name: 'Reference' })).toBeInTheDocument();
    expect(within(recent).getByText('ZQ7K2M')).toBeInTheDocument();
    expect(within(recent).getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(within(dialog).getByText('Total Spent')).toBeInTheDocument();
    // Dispatchers do not manage customers: no Edit here.
    expect(within(dialog).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it("opens a location's jobs over a wide range of dates, not only this week", async () => {
    stubApi({
      'GET /api/me': signedInAs('dispatcher'),
      'GET /api/search/recent': () => jsonResponse(200, { searches: [] }),
      'GET /api/search': () =>
        jsonResponse(200, {
          ...ANSWER,
          q: 'Elizabeth Quay',
          groups: {
            ...ANSWER.groups,
            customers: empty,
            locations: {
              count: 1,
              hits: [
                {
                  id: 'Elizabeth Quay, Perth',
                  title: 'Elizabeth Quay, Perth',
                  subtitle: '2 bookings',
                  matched: 'Elizabeth Quay, Perth',
                },
              ],
            },
          },
        }),
      'GET /api/jobs': () => jsonResponse(500, {}),
      'GET /api/drivers': () => jsonResponse(200, { drivers: [] }),
    });
    const { user, router } = renderApp(['/search?q=Elizabeth%20Quay']);
    const locations = await screen.findByRole('region', { name: 'Locations' }, { timeout: 5000 });
    await user.click(within(locations).getByRole('button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs'));
    const params = new URLSearchParams(router.state.location.search);
    const range = locationJobsRange(new Date(), 'Australia/Perth');
    expect(Object.fromEntries(params)).toEqual({
      q: 'Elizabeth Quay, Perth',
      from: range.from,
      to: range.to,
    });
  });

  it("'/' from another dispatcher screen opens Search", async () => {
    stubApi({
      'GET /api/me': signedInAs('dispatcher'),
      'GET /api/search/recent': () => jsonResponse(200, { searches: [] }),
      'GET /api/timeline': () => jsonResponse(200, { entries: [], nextCursor: null }),
      'GET /api/drivers': () => jsonResponse(200, { drivers: [] }),
    });
    const { user, router } = renderApp(['/timeline']);
    await screen.findByRole('heading', { level: 1, name: 'Timeline' }, { timeout: 5000 });
    await user.keyboard('/');
    const box = await screen.findByPlaceholderText('Search jobs, drivers, or locations...');
    expect(box).toHaveFocus();
    expect(router.state.location.pathname).toBe('/search');
    // The key is said where search is offered: the box and the nav link.
    expect(box).toHaveAttribute('aria-keyshortcuts', '/');
    expect(box).toHaveAccessibleDescription('Press / on any screen to search.');
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'Search',
      }),
    ).toHaveAttribute('aria-keyshortcuts', '/');
  });
});
