import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function PageLoader() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }} role="status" aria-label="Loading">
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
