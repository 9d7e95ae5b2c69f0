import Box, { type BoxProps } from '@mui/material/Box';
import { useMemo } from 'react';
import { sanitizeHtml } from '../../../lib/sanitize.ts';

/** Content HTML (questions, passages, instructions, thank-you text), sanitised. */
export function RichHtml({ html, ...rest }: { html: string } & BoxProps) {
  const clean = useMemo(() => sanitizeHtml(html ?? ''), [html]);
  return (
    <Box
      {...rest}
      sx={{ '& p': { my: 0.5 }, '& img': { maxWidth: '100%' }, ...rest.sx }}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
