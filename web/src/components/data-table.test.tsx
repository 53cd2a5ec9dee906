import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Column, DataTable } from './data-table.tsx';

type Row = { id: string; name: string; centre: string };
const rows: Row[] = [
  { id: '1', name: 'Asha Roy', centre: 'Kasba/Ballygunge Centre' },
  { id: '2', name: 'Bela Sen', centre: 'Salt Lake Centre' },
];
const columns: Column<Row>[] = [
  { header: 'Name', cell: (r) => r.name, hideInCard: true },
  { header: 'Centre', cell: (r) => r.centre },
];

function renderTable() {
  render(
    <DataTable
      rows={rows}
      rowKey={(r) => r.id}
      columns={columns}
      caption="People"
      cardTitle={(r) => <p>{r.name}</p>}
      actions={(r) => <button type="button">{`Delete ${r.name}`}</button>}
    />,
  );
}

/** A matchMedia that answers `matches` for every query. */
const mediaMatching = (matches: boolean) => vi.fn(() => ({ matches, addEventListener: () => {}, removeEventListener: () => {} }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DataTable', () => {
  it('is a table with a column per field and an Actions column on a wide screen', () => {
    vi.stubGlobal('matchMedia', mediaMatching(true));
    renderTable();
    const table = screen.getByRole('table', { name: 'People' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Centre', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('is a card per row on a phone, each with its fields and every action', () => {
    vi.stubGlobal('matchMedia', mediaMatching(false));
    renderTable();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('Asha Roy')).toBeTruthy();
    expect(within(cards[0]).getByText('Centre')).toBeTruthy();
    expect(within(cards[0]).getByText('Kasba/Ballygunge Centre')).toBeTruthy();
    expect(within(cards[1]).getByRole('button', { name: 'Delete Bela Sen' })).toBeTruthy();
  });

  it('is a table where matchMedia is missing (the component tests of the pages)', () => {
    renderTable();
    expect(screen.getByRole('table', { name: 'People' })).toBeTruthy();
  });

  it('names each row by its row-header column and takes its own actions heading', () => {
    vi.stubGlobal('matchMedia', mediaMatching(true));
    render(
      <DataTable
        rows={rows}
        rowKey={(r) => r.id}
        columns={[{ ...columns[0], rowHeader: true }, columns[1]]}
        caption="People"
        cardTitle={(r) => <p>{r.name}</p>}
        actionsHeader="Action"
        actions={(r) => <button type="button">{`Open ${r.name}`}</button>}
      />,
    );
    const table = screen.getByRole('table', { name: 'People' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Asha Roy', 'Bela Sen']);
    expect(within(table).getByRole('row', { name: /Asha Roy/ })).toBeTruthy();
    expect(within(table).getAllByRole('columnheader').at(-1)?.textContent).toBe('Action');
  });
});
