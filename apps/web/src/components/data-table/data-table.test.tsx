import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/providers.tsx';
import { DataTable, type Column } from './data-table.tsx';

interface Pupil {
  id: string;
  name: string;
  score: number;
}

const PUPILS: Pupil[] = [
  { id: '1', name: 'Ada', score: 12 },
  { id: '2', name: 'Grace', score: 7 },
];

const columns: Column<Pupil, 'name' | 'score'>[] = [
  { key: 'name', header: 'Name', sortField: 'name', primary: true, cell: (pupil) => pupil.name },
  { key: 'score', header: 'Score', sortField: 'score', align: 'end', cell: (pupil) => pupil.score },
];

function renderTable(props: Partial<Parameters<typeof DataTable<Pupil, 'name' | 'score'>>[0]> = {}) {
  return renderWithProviders(
    <DataTable
      caption="Pupils"
      columns={columns}
      rows={PUPILS}
      rowKey={(pupil) => pupil.id}
      loading={false}
      {...props}
    />,
  );
}

describe('DataTable', () => {
  it('opens a row clicked anywhere but on its own controls', async () => {
    const user = userEvent.setup({ delay: null });
    const open = vi.fn();
    const other = vi.fn();
    await renderTable({
      onRowClick: open,
      actions: (pupil) => <Button onClick={() => other(pupil.id)}>{`Edit ${pupil.name}`}</Button>,
    });

    await user.click(screen.getByText('7'));
    expect(open).toHaveBeenCalledWith(PUPILS[1]);

    await user.click(screen.getByRole('button', { name: 'Edit Ada' }));
    expect(other).toHaveBeenCalledWith('1');
    expect(open).toHaveBeenCalledTimes(1);
    // Without a row name the row is no extra stop for the keyboard.
    expect(screen.getByRole('row', { name: /Ada/ })).not.toHaveAttribute('tabindex');
  });

  it('makes a named row a keyboard target that opens with Enter or Space', async () => {
    const user = userEvent.setup({ delay: null });
    const open = vi.fn();
    await renderTable({ onRowClick: open, rowLabel: (pupil) => `Open ${pupil.name}` });

    const row = screen.getByRole('row', { name: 'Open Grace' });
    await user.tab();
    expect(screen.getByRole('region', { name: 'Pupils' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('row', { name: 'Open Ada' })).toHaveFocus();
    await user.tab();
    expect(row).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(open).toHaveBeenLastCalledWith(PUPILS[1]);
    await user.keyboard(' ');
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('end-aligns a column of numbers, header and cells', async () => {
    await renderTable();
    const table = screen.getByRole('table', { name: 'Pupils' });
    const header = within(table).getByRole('columnheader', { name: 'Score' });
    expect(header).toHaveStyle({ textAlign: 'end' });
    expect(within(table).getByRole('cell', { name: '12' })).toHaveStyle({ textAlign: 'end' });
  });
});
