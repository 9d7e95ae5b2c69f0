import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

export interface Column<T> {
  header: string;
  cell(row: T, index: number): ReactNode;
  width?: number | string;
}

/** The S.No column every list starts with: the row's position, from 1 (it reads no row). */
export const serialColumn = (header: string): Column<never> => ({ header, cell: (_r, i) => i + 1, width: 56 });

interface Props<T> {
  label: string;
  columns: Column<T>[];
  rows: T[];
  empty: string;
  rowKey(row: T): string | number;
  rowTestId?(row: T): string;
  /** Many columns: narrower cell padding, so the table fits a laptop screen without scrolling. */
  dense?: boolean;
  /** Two-word headers may wrap (a table of many short columns, such as Ongoing Tests). */
  wrapHeaders?: boolean;
}

/**
 * How wide the table needs to be, against how wide its place is: below 1024 px of window (a
 * tablet, or a small laptop with the 240 px menu beside the content) a table that does not fit
 * would be cut at the side, its Action buttons half hidden, so it shows as cards. Measured, not
 * guessed: each table needs its own width. At 1024 px and more a wide table scrolls sideways.
 */
function useTooWide(rowCount: number) {
  const ref = useRef<HTMLDivElement>(null);
  const smallWindow = useMediaQuery('(max-width:1023px)', { noSsr: true });
  const [size, setSize] = useState({ needed: 0, room: 0 });
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || !smallWindow || typeof ResizeObserver === 'undefined') return;
    const measure = () =>
      setSize((was) => {
        // Only a table shown as a table says how wide it needs to be; as cards the last one counts.
        // (The box holds either, and stays: it is what is observed.)
        const needed = box.querySelector('table')?.scrollWidth ?? was.needed;
        const room = box.clientWidth;
        return needed === was.needed && room === was.room ? was : { needed, room };
      });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [smallWindow, rowCount]);
  return { ref, tooWide: smallWindow && size.needed > 0 && size.needed > size.room };
}

/**
 * A plain, accessible table; on small screens (600 px or less), and below 1024 px when it would
 * not fit its place, each row becomes a card of header/value pairs so no column is cut off.
 * Shows `empty` when there are no rows.
 */
export function DataTable<T>({ label, columns, rows, empty, rowKey, rowTestId, dense, wrapHeaders }: Props<T>) {
  const phone = useMediaQuery('(max-width:600px)', { noSsr: true });
  const { ref, tooWide } = useTooWide(rows.length);
  const narrow = phone || tooWide;
  if (!rows.length) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography color="text.secondary" data-testid="empty-state">
          {empty}
        </Typography>
      </Paper>
    );
  }
  // The box stays while the rows switch between table and cards: it is what is measured.
  if (narrow) {
    return (
      <Box ref={ref}>
        <Stack component="ul" spacing={1.5} aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((row, i) => (
            <Paper component="li" variant="outlined" key={rowKey(row)} data-testid={rowTestId?.(row)} sx={{ p: 1.5 }}>
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'minmax(96px, 38%) 1fr',
                  columnGap: 1.5,
                  rowGap: 0.75,
                  m: 0,
                  alignItems: 'center',
                }}
              >
                {columns.map((c) => (
                  <Box key={c.header} sx={{ display: 'contents' }}>
                    <Box component="dt" sx={{ fontWeight: 700, fontSize: 14, color: 'text.secondary' }}>
                      {c.header}
                    </Box>
                    <Box component="dd" sx={{ m: 0, fontSize: 14, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {c.cell(row, i)}
                    </Box>
                  </Box>
                ))}
              </Box>
            </Paper>
          ))}
        </Stack>
      </Box>
    );
  }
  return (
    <Box ref={ref}>
      {/* A wide table scrolls sideways: the region is focusable so the keyboard can scroll it too. */}
      <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label={label}>
        <Table size="small" aria-label={label} sx={dense ? { '& th, & td': { px: 0.75 } } : undefined}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell
                  key={c.header}
                  sx={{ fontWeight: 700, whiteSpace: wrapHeaders ? 'normal' : 'nowrap', width: c.width }}
                >
                  {c.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, i) => (
              <TableRow key={rowKey(row)} hover data-testid={rowTestId?.(row)}>
                {columns.map((c) => (
                  <TableCell key={c.header}>{c.cell(row, i)}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
