import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, it, vi } from 'vitest';
import { VehicleInputSchema } from '../../../../domain/vehicles';
import { jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { expectInputsCappedLikeSchema } from '../../../test/max-length';
import { renderApp } from '../../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

describe('the Vehicles screen', () => {
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
});
