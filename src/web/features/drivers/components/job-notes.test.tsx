import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { driverHome, TEST_JOB } from '../../../test/driver-fixtures';
import { TEST_SETTINGS } from '../../../test/public-api-stub';
import { renderApp } from '../../../test/render-app';
import { clearTapQueue } from '../offline/tap-queue';
import { isLongNote } from './job-notes';

const LONG_NOTES = `Passenger is hard of hearing, text on arrival. ${'Gate code 4471, then the second lift. '.repeat(26)}`;

function showJobWithNotes(notes: string) {
  stubApi({
    'GET /api/me': signedInAs('driver'),
    'GET /api/drivers/me/home': () => jsonResponse(200, driverHome()),
    'GET /api/public-settings': () =>
      jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
    'GET /api/drivers/me/jobs': () =>
      jsonResponse(200, { current: null, upcoming: [{ ...TEST_JOB, notes }] }),
  });
  renderApp(['/driver/jobs']);
  return screen.findByLabelText(`Job ${TEST_JOB.reference}`, {}, { timeout: 15_000 });
}

/** The notes' text, as the toggle names it. */
function notesControlledBy(toggle: HTMLElement): HTMLElement {
  return document.getElementById(toggle.getAttribute('aria-controls')!)!;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearTapQueue();
});

describe("the job card's notes", { timeout: 30_000 }, () => {
  it('shows a short note whole, with no toggle', async () => {
    const card = await showJobWithNotes('Child seat needed');
    expect(within(card).getByText('Notes: Child seat needed')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('clamps a long note to three lines; Show more and Show less work from the keyboard', async () => {
    expect(LONG_NOTES.length).toBeGreaterThan(1_000);
    const card = await showJobWithNotes(LONG_NOTES);
    const toggle = within(card).getByRole('button', { name: 'Show more' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const notes = notesControlledBy(toggle);
    expect(notes).toHaveTextContent(/^Notes: Passenger is hard of hearing/);
    expect(notes).toHaveAttribute('data-line-clamp');

    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAccessibleName('Show less');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(notes).not.toHaveAttribute('data-line-clamp');

    await userEvent.keyboard(' ');
    expect(toggle).toHaveAccessibleName('Show more');
    expect(notes).toHaveAttribute('data-line-clamp');
  });
});

describe('isLongNote', () => {
  it('is long past three phone lines, counting each typed line as one at least', () => {
    expect(isLongNote('Notes: Meet at the taxi rank')).toBe(false);
    expect(isLongNote('x'.repeat(38 * 3))).toBe(false);
    expect(isLongNote('x'.repeat(38 * 3 + 1))).toBe(true);
    expect(isLongNote('Notes:\nGate 4\nLift 2\nFlat 9')).toBe(true);
  });
});
