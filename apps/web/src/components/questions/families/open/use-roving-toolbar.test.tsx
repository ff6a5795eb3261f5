import { useRef, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useRovingToolbar } from './use-roving-toolbar.ts';

function Toolbar() {
  const ref = useRef<HTMLDivElement>(null);
  const [undoable, setUndoable] = useState(false);
  useRovingToolbar(ref);
  return (
    <>
      <button type="button">Before</button>
      <div role="toolbar" aria-label="Formatting" ref={ref}>
        <button type="button">Bold</button>
        <button type="button">Italic</button>
        <button type="button" disabled={!undoable}>
          Undo
        </button>
        <button type="button">Link</button>
      </div>
      <button type="button" onClick={() => setUndoable(true)}>
        After
      </button>
    </>
  );
}

describe('useRovingToolbar', () => {
  it('makes the toolbar one Tab stop and moves with arrows, Home and End', async () => {
    const user = userEvent.setup();
    render(<Toolbar />);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();

    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Italic' })).toHaveFocus();
    await user.keyboard('{ArrowRight}'); // skips the disabled Undo
    expect(screen.getByRole('button', { name: 'Link' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Link' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'Link' })).toHaveFocus();

    // Leaving and coming back returns to the last button used.
    await user.tab();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Link' })).toHaveFocus();
  });

  it('includes a button once it is enabled', async () => {
    const user = userEvent.setup();
    render(<Toolbar />);
    await user.click(screen.getByRole('button', { name: 'After' }));
    await act(async () => {}); // let the MutationObserver run
    screen.getByRole('button', { name: 'Italic' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
  });
});
