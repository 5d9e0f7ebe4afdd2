import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DOCUMENT_REQUIREMENTS } from '../../../../domain/documents';
import { VehicleInputSchema } from '../../../../domain/vehicles';
import { jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { expectInputsCappedLikeSchema } from '../../../test/max-length';
import { renderApp } from '../../../test/render-app';
import { fleetVehicle } from '../../../test/vehicle-fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('the Vehicles screen', { timeout: 20_000 }, () => {
  it("caps every text field of the Add Vehicle form at the server schema's max length", async () => {
    stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/vehicles': () => jsonResponse(200, { vehicles: [] }),
    });
    renderApp(['/admin/vehicles']);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Vehicle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Vehicle' });
    const fields = VehicleInputSchema.shape;
    expectInputsCappedLikeSchema(dialog, {
      'Registration Plate': fields.registration,
      Make: fields.make,
      Model: fields.model,
      Colour: fields.colour,
      Notes: fields.notes,
    });
  });

  it('says who drives a vehicle now (on shift in it) apart from whose usual car it is', async () => {
    const amy = { id: 'd-amy', name: 'Amy Usual' };
    stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/vehicles': () =>
        jsonResponse(200, {
          vehicles: [
            fleetVehicle({ drivenBy: { id: 'd-ben', name: 'Ben Shift' }, usualDrivers: [amy] }),
            fleetVehicle({ id: 'v3', registration: '1OFF003', usualDrivers: [amy] }),
          ],
        }),
    });
    renderApp(['/admin/vehicles']);
    const driven = (await screen.findByText('1NEW001')).closest('tr')!;
    expect(within(driven).getByText('Ben Shift')).toBeInTheDocument();
    expect(within(driven).getByText('usual car of Amy Usual')).toBeInTheDocument();
    // Amy, off shift, is not named as if she were in 1OFF003.
    const parked = screen.getByText('1OFF003').closest('tr')!;
    expect(within(parked).getByText('None')).toBeInTheDocument();
    expect(within(parked).queryByText('Amy Usual')).not.toBeInTheDocument();
    expect(within(parked).getByText('usual car of Amy Usual')).toBeInTheDocument();
  });

  it('says which active vehicles have their papers in order, and what the others lack', async () => {
    stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/vehicles': () =>
        jsonResponse(200, {
          vehicles: [
            fleetVehicle(),
            fleetVehicle({
              id: 'v3',
              registration: '1BAD003',
              paperProblems: ['Registration is missing', 'PTV authorization is not verified'],
            }),
            fleetVehicle({
              id: 'v4',
              registration: '1OLD004',
              status: 'inactive',
              paperProblems: ['Registration is missing'],
            }),
          ],
        }),
    });
    renderApp(['/admin/vehicles']);
    const row = async (plate: string) => (await screen.findByText(plate)).closest('tr')!;
    const papers = (tr: HTMLElement) => {
      const column = screen
        .getAllByRole('columnheader')
        .findIndex((th) => th.textContent === 'Papers');
      return within(tr).getAllByRole('cell')[column]!;
    };
    expect(papers(await row('1NEW001'))).toHaveTextContent(/^In order$/);
    expect(papers(await row('1BAD003'))).toHaveTextContent(
      'Not in orderRegistration is missing; PTV authorization is not verified',
    );
    // Off the road for good: its papers are nobody's worry.
    expect(papers(await row('1OLD004'))).toHaveTextContent(/^—$/);
  });

  it('asks before a link leaves a changed Edit Vehicle; Leave goes', async () => {
    stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/vehicles': () => jsonResponse(200, { vehicles: [fleetVehicle()] }),
    });
    const { router } = renderApp(['/admin/vehicles']);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit 1NEW001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Vehicle' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Colour' }), ' metallic');
    await act(() => router.navigate('/admin/drivers'));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/vehicles');
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/drivers'));
  });

  describe("a vehicle's documents, in the address (?documents=<id>)", () => {
    const VEHICLES = [fleetVehicle(), fleetVehicle({ id: 'v3', registration: '1OLD002' })];

    function stubVehicles() {
      stubApi({
        'GET /api/me': signedInAs('admin'),
        'GET /api/vehicles': () => jsonResponse(200, { vehicles: VEHICLES }),
        'GET /api/vehicles/v2/documents': () =>
          jsonResponse(200, {
            requirements: DEFAULT_DOCUMENT_REQUIREMENTS,
            documents: [],
            problems: [],
          }),
      });
    }

    it('opens them from a link, and Close leaves the list with the address cleared', async () => {
      stubVehicles();
      const { user, router } = renderApp(['/admin', '/admin/vehicles?documents=v2']);
      const dialog = await screen.findByRole(
        'dialog',
        { name: 'Documents: 1NEW001' },
        { timeout: 10_000 },
      );
      expect(await within(dialog).findByRole('region', { name: 'Registration' })).toBeVisible();
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(router.state.location.pathname).toBe('/admin/vehicles');
      expect(router.state.location.search).toBe('');
    });

    it('puts them in the address from the Documents button; Back closes them, and so does Close', async () => {
      stubVehicles();
      const { user, router } = renderApp(['/admin/vehicles']);
      const open = await screen.findByRole(
        'button',
        { name: 'Documents of 1NEW001' },
        { timeout: 10_000 },
      );
      await user.click(open);
      await screen.findByRole('dialog', { name: 'Documents: 1NEW001' });
      expect(router.state.location.search).toBe('?documents=v2');

      await router.navigate(-1);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(router.state.location.search).toBe('');

      await user.click(screen.getByRole('button', { name: 'Documents of 1NEW001' }));
      const dialog = await screen.findByRole('dialog', { name: 'Documents: 1NEW001' });
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      // Close went back: the list is where it was, with no second entry to step over.
      expect(router.state.location.search).toBe('');
      expect(router.state.historyAction).toBe('POP');
    });
  });
});
