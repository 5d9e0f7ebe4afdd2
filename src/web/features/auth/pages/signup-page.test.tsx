import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  signedInAs,
  signedOut,
  stubApi,
} from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';

const SIGN_UP_ANSWER = {
  token: null,
  user: { id: 'u-9', name: 'New Person', email: 'new@example.test', emailVerified: false },
};

async function signUp(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'New Person');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'new@example.test');
  await user.type(screen.getByLabelText(/^Password/), 'a good password');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('sign up page', () => {
  it('signs the new account in and tells them it waits for a role on the calculator', async () => {
    let isSignedIn = false;
    const fetchMock = stubApi({
      'GET /api/me': (request) => (isSignedIn ? signedInAs(null)(request) : signedOut(request)),
      'POST /api/auth/sign-up/email': () => jsonResponse(200, SIGN_UP_ANSWER),
      'POST /api/auth/sign-in/email': () => {
        isSignedIn = true;
        return jsonResponse(200, { token: 't', user: SIGN_UP_ANSWER.user });
      },
    });
    const { user } = renderApp(['/signup']);
    await signUp(user);

    expect(
      await screen.findByText('Your account is waiting for a role', {}, { timeout: 15_000 }),
    ).toBeVisible();
    expect(screen.getByText(/An administrator needs to give your account a role/)).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Fare Calculator' })).toBeVisible();
    const signIn = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/sign-in/email'));
    expect(signIn?.[1]?.body).toBe(
      JSON.stringify({ email: 'new@example.test', password: 'a good password' }),
    );
  });

  it('says the address may have an account when signing in after sign-up fails', async () => {
    stubApi({
      'GET /api/me': signedOut,
      'POST /api/auth/sign-up/email': () => jsonResponse(200, SIGN_UP_ANSWER),
      'POST /api/auth/sign-in/email': () =>
        errorResponse(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'),
    });
    const { user } = renderApp(['/signup']);
    await signUp(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not sign you in. If new@example.test already has an account, we have sent it a mail: sign in, or reset your password.',
    );
  });

  it('says that the business has no administrator yet, rather than that one was told', async () => {
    stubApi({
      'GET /api/me': () =>
        jsonResponse(200, {
          user: { id: 'user-1', email: 'wes@example.test', name: 'Wes Waiting' },
          role: null,
          hasAdmin: false,
        }),
    });
    renderApp(['/calculator']);
    expect(
      await screen.findByText('Your account is waiting for a role', {}, { timeout: 15_000 }),
    ).toBeVisible();
    expect(
      screen.getByText(
        /This business has no administrator yet, so nobody can give your account a role\. Its owner creates the first administrator with the setup link printed when the server starts/,
      ),
    ).toBeVisible();
    expect(screen.queryByText(/We have let them know/)).toBeNull();
  });

  it('shows no waiting notice to a user who has a role', async () => {
    stubApi({ 'GET /api/me': signedInAs('dispatcher') });
    renderApp(['/calculator']);
    expect(
      await screen.findByRole('heading', { name: 'Fare Calculator' }, { timeout: 15_000 }),
    ).toBeVisible();
    expect(screen.queryByText('Your account is waiting for a role')).toBeNull();
  });
});
