import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { TEXTS, TROUBLESHOOTING, type TroubleCause } from './texts.ts';

/** The webcam or microphone troubleshooting page; Back reloads the dashboard. */
export function TroublePage({ device, cause }: { device: 'camera' | 'microphone'; cause: TroubleCause }) {
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {device === 'camera' ? 'Webcam Troubleshooting' : 'Microphone Troubleshooting'}
      </Typography>
      <Alert severity="error" sx={{ mb: 2 }}>
        {device === 'camera' ? TEXTS.webcamError : TEXTS.micError}
      </Alert>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Box component="ol" sx={{ m: 0, pl: 3 }}>
          {TROUBLESHOOTING[cause].map((step) => (
            <li key={step}>
              <Typography>{step}</Typography>
            </li>
          ))}
        </Box>
      </Paper>
      <Button variant="contained" onClick={() => location.assign('/v2/user/dashboard')}>
        {TEXTS.back}
      </Button>
    </Box>
  );
}
