import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInAs, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';

describe('Unauthorized Access page', () => {
  it('goes back one step with Go Back', async () => {
    stubApi({ 'GET /api/me': signedInAs('driver') });
    const { user, router } = renderApp(['/calculator', '/driver/jobs', '/unauthorized']);

    await user.click(await screen.findByRole('button', { name: 'Go Back' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My Jobs' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/driver/jobs');
  });
});
