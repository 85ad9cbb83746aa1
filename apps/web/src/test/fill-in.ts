import { screen } from '@testing-library/react';
import type { userEvent } from '@testing-library/user-event';

/**
 * Replaces the value of each field named (its label starts with the key, a regular expression) with the value
 * given. Pasting keeps the tests fast; a form reads the value the same way as from typing.
 */
export async function fillIn(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(new RegExp(`^${label}`));
    await user.clear(input);
    await user.click(input);
    await user.paste(value);
  }
}
