import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CountInput, countProblem } from './count-input';

function Passengers({
  initial = 2,
  min = 1,
  max = 7,
}: {
  initial?: number;
  min?: number;
  max?: number;
}) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider>
      <CountInput label="Passengers" min={min} max={max} value={value} onChange={setValue} />
      <output aria-label="Kept value">{value}</output>
    </MantineProvider>
  );
}

describe('CountInput', () => {
  it('says why 9 passengers is not taken, then that the last count was kept', async () => {
    const user = userEvent.setup();
    render(<Passengers />);
    const field = screen.getByRole('textbox', { name: 'Passengers' });
    await user.clear(field);
    await user.type(field, '9');
    expect(screen.getByText('At most 7')).toBeInTheDocument();
    expect(screen.getByLabelText('Kept value')).toHaveTextContent('2');
    await user.tab();
    expect(field).toHaveValue('2');
    expect(screen.getByText('At most 7: kept 2')).toBeInTheDocument();
  });

  it('does not let Enter submit the form past a refused count (it would save the kept one)', async () => {
    const user = userEvent.setup();
    const submitted: string[] = [];
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submitted.push('sent');
        }}
      >
        <Passengers />
        <button type="submit">Save</button>
      </form>,
    );
    const field = screen.getByRole('textbox', { name: 'Passengers' });
    await user.clear(field);
    await user.type(field, '25{Enter}');
    expect(submitted).toEqual([]);
    expect(field).toHaveValue('25');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    // Mended, Enter sends.
    await user.clear(field);
    await user.type(field, '5{Enter}');
    expect(submitted).toEqual(['sent']);
    expect(screen.getByLabelText('Kept value')).toHaveTextContent('5');
  });

  it('refuses -2 suitcases with a reason instead of reading it as 2', async () => {
    const user = userEvent.setup();
    render(<Passengers initial={1} min={0} max={20} />);
    const field = screen.getByRole('textbox', { name: 'Passengers' });
    await user.clear(field);
    await user.type(field, '-2');
    expect(screen.getByText('Cannot be less than 0')).toBeInTheDocument();
    expect(screen.getByLabelText('Kept value')).toHaveTextContent('1');
  });

  // The digits before the point are a count on their own, taken as they are typed.
  it.each([
    ['0.5', '0'],
    ['1.5', '1'],
    ['1e3', '1'],
  ])(
    'keeps %s suitcases as typed and refuses it, instead of joining the digits into another count',
    async (typed, kept) => {
      const user = userEvent.setup();
      render(<Passengers initial={1} min={0} />);
      const field = screen.getByRole('textbox', { name: 'Passengers' });
      await user.clear(field);
      await user.type(field, typed);
      expect(field).toHaveValue(typed);
      expect(screen.getByText('Enter a whole number')).toBeInTheDocument();
      expect(screen.getByLabelText('Kept value')).toHaveTextContent(kept);
      await user.tab();
      expect(field).toHaveValue(kept);
      expect(screen.getByText(`Enter a whole number: kept ${kept}`)).toBeInTheDocument();
    },
  );

  it('steps the count with the arrow keys, never past its bounds', async () => {
    const user = userEvent.setup();
    render(<Passengers initial={6} />);
    const field = screen.getByRole('textbox', { name: 'Passengers' });
    await user.click(field);
    await user.keyboard('{ArrowUp}');
    expect(screen.getByLabelText('Kept value')).toHaveTextContent('7');
    await user.keyboard('{ArrowUp}');
    expect(field).toHaveValue('7');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByLabelText('Kept value')).toHaveTextContent('6');
  });

  it('passes a valid count on at once', async () => {
    const user = userEvent.setup();
    render(<Passengers />);
    const field = screen.getByRole('textbox', { name: 'Passengers' });
    await user.clear(field);
    await user.type(field, '5');
    expect(screen.getByLabelText('Kept value')).toHaveTextContent('5');
    expect(screen.queryByText(/At most|At least/)).not.toBeInTheDocument();
  });
});

describe('countProblem', () => {
  it('names the bound that was crossed', () => {
    expect(countProblem(0, 1, 7)).toBe('At least 1');
    expect(countProblem(-1, 0, 20)).toBe('Cannot be less than 0');
    expect(countProblem(21, 0, 20)).toBe('At most 20');
    expect(countProblem('', 0, 20)).toBe('Enter a whole number');
    expect(countProblem(3, 0, undefined)).toBeNull();
  });
});
