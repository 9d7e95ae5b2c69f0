import Box from '@mui/material/Box';
import { type ReactNode, useId } from 'react';

/**
 * A hover (and keyboard focus) hint drawn with CSS only: MUI's Tooltip brings Popper and 11 KB
 * gzipped to the dashboard's first load for two hints. The hint has role tooltip; the wrapped
 * control carries the same words as its accessible name. It opens below, aligned to the end.
 */
export function HoverHint({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box
      component="span"
      sx={{
        position: 'relative',
        display: 'inline-flex',
        '&:hover > [role="tooltip"], &:focus-within > [role="tooltip"]': {
          visibility: 'visible',
          opacity: 1,
          transitionDelay: '150ms',
        },
      }}
    >
      {children}
      <Box
        component="span"
        role="tooltip"
        id={id}
        sx={{
          position: 'absolute',
          top: 'calc(100% + 6px)',
          right: 0,
          zIndex: 'tooltip',
          px: 1,
          py: 0.5,
          borderRadius: 1,
          bgcolor: 'grey.800',
          color: 'common.white',
          typography: 'caption',
          whiteSpace: 'nowrap',
          pointerEvents: 'none',
          visibility: 'hidden',
          opacity: 0,
          transition: 'opacity 150ms',
        }}
      >
        {title}
      </Box>
    </Box>
  );
}
