import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  deferred,
  errorResponse,
  jsonResponse,
  signedInAs,
  signedOut,
  stubApi,
} from '../../../test/api-stub';
import {
  AuthRequestPasswordResetInputSchema,
  AuthResetPasswordInputSchema,
  AuthSignInInputSchema,
  AuthSignUpInputSchema,
} from '../../../../domain/settings';
import { expectInputsCappedLikeSchema } from '../../../test/max-length';
import { renderApp } from '../../../test/render-app';

async function fillSignInForm(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'sam@demo.test');
  await user.type(screen.getByLabelText(/^Password/), 'wrong-password');
}

describe('sign in page', () => {
  it('shows the server message in a red box above the fields when sign-in fails', async () => {
    const fetchMock = stubApi({
      'GET /api/me': signedOut,
      'POST /api/auth/sign-in/email': () =>
        errorResponse(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'),
    });
    const { user } = renderApp(['/login']);

    await fillSignInForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password');
    const emailField = screen.getByRole('textbox', { name: 'Email' });
    expect(
      alert.compareDocumentPosition(emailField) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();

    const signInCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/sign-in/email'));
    expect(signInCall?.[1]).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: JSON.stringify({ email: 'sam@demo.test', password: 'wrong-password' }),
    });
  });

  it('reads "Signing in..." while the request is pending', async () => {
    const answer = deferred<Response>();
    stubApi({ 'GET /api/me': signedOut, 'POST /api/auth/sign-in/email': () => answer.promise });
    const { user } = renderApp(['/login']);

    await fillSignInForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    answer.resolve(errorResponse(429, 'TOO_MANY_REQUESTS', 'Too many attempts. Try again later.'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again later.',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('returns to the page the visitor was sent from once signed in', async () => {
    let isSignedIn = false;
    stubApi({
      'GET /api/me': (request) =>
        isSignedIn ? signedInAs('dispatcher')(request) : signedOut(request),
      'POST /api/auth/sign-in/email': () => {
        isSignedIn = true;
        return jsonResponse(200, { redirect: false, token: 'session', user: { id: 'user-1' } });
      },
    });
    const { user, router } = renderApp(['/dispatch']);

    await fillSignInForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dispatch' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dispatch');
    expect(within(screen.getByRole('banner')).getByText('Role: dispatcher')).toBeInTheDocument();
  });

  it('sends a role to its own home when the page it came from is not its own', async () => {
    let isSignedIn = false;
    stubApi({
      'GET /api/me': (request) => (isSignedIn ? signedInAs('driver')(request) : signedOut(request)),
      'POST /api/auth/sign-in/email': () => {
        isSignedIn = true;
        return jsonResponse(200, {});
      },
    });
    const { user, router } = renderApp(['/admin']);

    await fillSignInForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Driver App' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/driver');
  });

  it('links to sign up and to password reset', async () => {
    stubApi({ 'GET /api/me': signedOut });
    renderApp(['/login']);

    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

describe("the sign-in pages' fields", () => {
  const signUp = AuthSignUpInputSchema.shape;
  it.each([
    [
      '/login',
      'Sign in',
      { Email: AuthSignInInputSchema.shape.email, Password: AuthSignInInputSchema.shape.password },
    ],
    [
      '/signup',
      'Create account',
      { Name: signUp.name, Email: signUp.email, Password: signUp.password },
    ],
    [
      '/forgot-password',
      'Send reset link',
      { Email: AuthRequestPasswordResetInputSchema.shape.email },
    ],
    [
      '/reset-password?token=abc',
      'Set new password',
      {
        'New password': AuthResetPasswordInputSchema.shape.newPassword,
        // What it must repeat.
        'Confirm new password': AuthResetPasswordInputSchema.shape.newPassword,
      },
    ],
  ] as const)("%s carries the sign-in routes' max lengths", async (path, button, fields) => {
    stubApi({ 'GET /api/me': signedOut });
    renderApp([path]);
    const submit = await screen.findByRole('button', { name: button });
    expectInputsCappedLikeSchema(submit.closest('form')!, fields);
  });
});
