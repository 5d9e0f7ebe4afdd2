import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  signedInAs,
  signedOut,
  stubApi,
} from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { NO_TOKEN } from './setup-page';

const TOKEN = 'HC4-TPHS5075krcG_GRVeQyjkAPqet6YCNx1ZSJ-Mcg';

async function fillIn(user: ReturnType<typeof renderApp>['user']) {
  await user.type(
    await screen.findByRole('textbox', { name: 'Name' }, { timeout: 15_000 }),
    ' Olive Owner ',
  );
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'olive@example.test');
  await user.type(screen.getByLabelText(/^Password/), 'a good long password');
  await user.click(screen.getByRole('button', { name: 'Create administrator' }));
}

describe('setup page', () => {
  it('creates the first administrator with the link’s token and lands on the dashboard', async () => {
    let isSignedIn = false;
    const fetchMock = stubApi({
      'GET /api/me': (request) => (isSignedIn ? signedInAs('admin')(request) : signedOut(request)),
      'POST /api/setup': () => {
        isSignedIn = true;
        return jsonResponse(201, {
          user: { id: 'user-1', email: 'olive@example.test', name: 'Olive Owner' },
          role: 'admin',
        });
      },
    });
    const { user, router } = renderApp([`/setup?token=${TOKEN}`]);
    expect(
      await screen.findByRole('heading', { name: 'Create the first administrator' }),
    ).toBeVisible();
    await fillIn(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/setup'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      name: 'Olive Owner',
      email: 'olive@example.test',
      password: 'a good long password',
      token: TOKEN,
    });
    expect(await screen.findByText('Role: admin')).toBeVisible();
  });

  it('says a dead link’s refusal above the form, and stays', async () => {
    stubApi({
      'GET /api/me': signedOut,
      'POST /api/setup': () =>
        errorResponse(
          409,
          'conflict',
          'This business has an administrator already: the setup link worked only until the first one was made. Sign in, or ask an administrator for an account.',
        ),
    });
    const { user, router } = renderApp([`/setup?token=${TOKEN}`]);
    await fillIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This business has an administrator already',
    );
    expect(router.state.location.pathname).toBe('/setup');
    expect(screen.getByRole('link', { name: 'Sign in instead' })).toBeVisible();
  });

  it('puts a field’s refusal under the field', async () => {
    stubApi({
      'GET /api/me': signedOut,
      'POST /api/setup': () =>
        jsonResponse(409, {
          error: {
            code: 'conflict',
            message: 'This email already has an account.',
            fields: { email: 'already has an account' },
          },
        }),
    });
    const { user } = renderApp([`/setup?token=${TOKEN}`]);
    await fillIn(user);

    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Already has an account')).toBeVisible();
    expect(email).toHaveFocus();
  });

  it('without a token, says to open the link the server printed, and shows no form', async () => {
    stubApi({ 'GET /api/me': signedOut });
    renderApp(['/setup']);
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(NO_TOKEN);
    expect(screen.queryByRole('button', { name: 'Create administrator' })).toBeNull();
  });
});
