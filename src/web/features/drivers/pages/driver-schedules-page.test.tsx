import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  describe('Mark Unavailable', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("starts today, names the driver's jobs in the leave and returns them to dispatch", async () => {
      // Wednesday 4 March 2026, 10 am in Perth: the week shown began on Monday the 2nd.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-03-04T02:00:00Z'));
      const job = { id: 'job-1', reference: 'GZRY8N', pickupTime: '2026-03-04T08:05:00.000Z' };
      const asked: string[] = [];
      const saved: unknown[] = [];
      stubApi({
        'GET /api/me': signedInAs('admin'),
        'GET /api/drivers/schedule': () => jsonResponse(200, SCHEDULE),
        [`GET /api/drivers/${SCHEDULE.drivers[0]!.id}/leave/clashes`]: ({ url }) => {
          asked.push(url.search);
          return jsonResponse(200, { jobs: [job] });
        },
        [`POST /api/drivers/${SCHEDULE.drivers[0]!.id}/leave`]: ({ body }) => {
          saved.push(body);
          return jsonResponse(201, {
            leave: {
              id: 'leave-2',
              driverId: SCHEDULE.drivers[0]!.id,
              startsOn: '2026-03-04',
              endsOn: '2026-03-04',
              reason: 'Family wedding',
              createdAt: '2026-03-04T02:00:00.000Z',
            },
            jobs: [{ ...job, returned: true }],
          });
        },
      });
      renderApp(['/admin/schedules']);
      await userEvent.click(await screen.findByRole('button', { name: 'Mark Unavailable' }));
      const dialog = await screen.findByRole('dialog', { name: 'Mark Unavailable' });

      expect(within(dialog).getByLabelText('From')).toHaveValue('2026-03-04');
      expect(within(dialog).getByLabelText('To')).toHaveValue('2026-03-04');
      const clash = await within(dialog).findByRole('status', { name: 'Jobs in this leave' });
      expect(clash).toHaveTextContent(
        'Sam Schedule has 1 job in this leave: GZRY8N, Mar 4, 2026, 4:05 pm.',
      );
      expect(asked).toContain('?startsOn=2026-03-04&endsOn=2026-03-04');
      const returnThem = within(clash).getByRole('checkbox', {
        name: 'Return these jobs to dispatch',
      });
      expect(returnThem).toBeChecked();

      await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Family wedding');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save Leave' }));
      expect(
        await screen.findByText('Family wedding. 1 job returned to dispatch: GZRY8N.'),
      ).toBeInTheDocument();
      expect(saved).toEqual([
        {
          startsOn: '2026-03-04',
          endsOn: '2026-03-04',
          reason: 'Family wedding',
          returnJobs: true,
        },
      ]);
    });
  });
});
