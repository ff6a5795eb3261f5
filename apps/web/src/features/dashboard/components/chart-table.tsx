import { VisuallyHidden } from '@mantine/core';

interface ChartTableProps {
  caption: string;
  /** Column headings: what each row is, then each figure. */
  columns: string[];
  rows: { key: string; cells: string[] }[];
}

/**
 * A chart's figures as a table for screen readers: the chart itself is a picture (aria-hidden), so
 * the same numbers are read here, row by row.
 */
export function ChartTable({ caption, columns, rows }: ChartTableProps) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
