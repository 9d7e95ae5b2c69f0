import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell(row: T, index: number): ReactNode;
  width?: number | string;
}

/** A plain, accessible table; shows `empty` instead when there are no rows. */
export function DataTable<T>({ label, columns, rows, empty, rowKey }: { label: string; columns: Column<T>[]; rows: T[]; empty: string; rowKey(row: T): string | number }) {
  if (!rows.length) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography color="text.secondary" data-testid="empty-state">
          {empty}
        </Typography>
      </Paper>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.header} sx={{ fontWeight: 700, whiteSpace: 'nowrap', width: c.width }}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={rowKey(row)} hover>
              {columns.map((c) => (
                <TableCell key={c.header}>{c.cell(row, i)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
