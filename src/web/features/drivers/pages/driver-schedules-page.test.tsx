import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { LeaveInputSchema, type ScheduleResponse } from '../../../../domain/drivers';
import { jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { expectInputsCappedLikeSchema } from '../../../test/max-length';
import { renderApp } from '../../../test/render-app';

const DAYS = [
  '2026-03-02',
  '2026-03-03',
  '2026-03-04',
  '2026-03-05',
  '2026-03-06',
  '2026-03-07',
  '2026-03-08',
];
const empty = (date: string) => ({ date, jobs: 0, leave: null, shifts: [] });

const SCHEDULE: ScheduleResponse = {
  days: DAYS,
  drivers: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      name: 'Sam Schedule',
      status: 'active',
      days: [
        {
          date: DAYS[0]!,
          jobs: 2,
          leave: null,
          // 06:00-14:30 in Perth.
          shifts: [{ startedAt: '2026-03-01T22:00:00.000Z', endedAt: '2026-03-02T06:30:00.000Z' }],
        },
        empty(DAYS[1]!),
        { ...empty(DAYS[2]!), shifts: [{ startedAt: '2026-03-04T10:00:00.000Z', endedAt: null }] },
        { ...empty(DAYS[3]!), leave: { id: 'leave-1', reason: 'Annual leave' } },
        empty(DAYS[4]!),
        empty(DAYS[5]!),
        empty(DAYS[6]!),
      ],
    },
  ],
};

describe('Driver Schedules', () => {
  it("shows each day's shifts in Perth time, the jobs and the leave", async () => {
    stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/drivers/schedule': () => jsonResponse(200, SCHEDULE),
    });
    renderApp(['/admin/schedules']);

    const row = (await screen.findByRole('link', { name: 'Sam Schedule' })).closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('6:00 am – 2:30 pm');
    expect(cells[1]).toHaveTextContent('2 jobs');
    expect(cells[2]).toHaveTextContent('—');
    expect(cells[3]).toHaveTextContent('6:00 pm – on shift');
    expect(cells[3]).toHaveTextContent('No jobs');
    expect(cells[4]).toHaveTextContent('Annual leave');
  });

  it("caps the leave reason at the server schema's max length", async () => {
    stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/drivers/schedule': () => jsonResponse(200, SCHEDULE),
    });
    renderApp(['/admin/schedules']);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark Unavailable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Unavailable' });
    expectInputsCappedLikeSchema(dialog, { Reason: LeaveInputSchema.shape.reason });
  });
});
