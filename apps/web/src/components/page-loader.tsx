import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const spin = keyframes`to { transform: rotate(360deg); }`;

/** The loading indicator of pages and lists: a CSS ring (MUI's CircularProgress costs 4 KB gzipped on first load). */
export function PageLoader() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }} role="status" aria-label="Loading">
      <Box
        sx={{
          width: 40,
          height: 40,
          borderRadius: '50%',
          border: 4,
          borderColor: 'primary.light',
          borderTopColor: 'primary.main',
          animation: `${spin} 0.9s linear infinite`,
          '@media (prefers-reduced-motion: reduce)': { animationDuration: '2.5s' },
        }}
      />
    </Box>
  );
}
