import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LimitedTextarea, lengthNote } from './limited-textarea';

function ControlledNotes() {
  const [value, setValue] = useState('');
  return (
    <LimitedTextarea
      label="Notes"
      description="Anything the driver should know"
      maxLength={20}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
    />
  );
}

describe('lengthNote', () => {
  it('says nothing far from the limit, counts near it, and says when it is reached', () => {
    expect(lengthNote(899, 1000)).toBeNull();
    expect(lengthNote(900, 1000)).toBe('900 of 1,000 characters');
    expect(lengthNote(1000, 1000)).toBe('1,000 of 1,000 characters: the most it takes');
  });
});

describe('LimitedTextarea', () => {
  it('counts as the text nears the limit and says a long paste was cut', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <ControlledNotes />
      </MantineProvider>,
    );
    const field = screen.getByRole('textbox', { name: 'Notes' });
    expect(screen.getByText('Anything the driver should know')).toBeInTheDocument();
    await user.type(field, 'x'.repeat(18));
    expect(screen.getByText('18 of 20 characters')).toBeInTheDocument();
    await user.click(field);
    await user.paste('y'.repeat(30));
    expect(field).toHaveValue('x'.repeat(18) + 'yy');
    expect(screen.getByText('20 of 20 characters: the most it takes')).toBeInTheDocument();
  });

  it('counts an uncontrolled field from what is typed', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <LimitedTextarea label="Notes" name="notes" maxLength={10} />
      </MantineProvider>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'abcdefghijkl');
    expect(screen.getByText('10 of 10 characters: the most it takes')).toBeInTheDocument();
  });
});
