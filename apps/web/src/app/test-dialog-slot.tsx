import CloseIcon from '@mui/icons-material/Close';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';

export interface TestDialogProps {
  open: boolean;
  examId: number;
  selectedLanguage: string;
  /** The test row the dashboard started (name, status, languages...). */
  testData: { examName?: string; [key: string]: unknown };
  onClose(): void;
}

/**
 * The full-screen test dialog the dashboard opens when a candidate starts an item.
 * The test engine renders its shell here; closing it reloads the page (the dashboard does that).
 */
export function TestDialogSlot({ open, examId, selectedLanguage, testData, onClose }: TestDialogProps) {
  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby="test-dialog-title">
      <AppBar position="sticky" elevation={0}>
        <Toolbar>
          <Typography id="test-dialog-title" variant="h6" component="h1" sx={{ flex: 1 }}>
            {testData.examName ?? `Exam ${examId}`}
          </Typography>
          <IconButton color="inherit" edge="end" onClick={onClose} aria-label="Close">
            <CloseIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: 3 }}>
        <Typography>Language: {selectedLanguage}</Typography>
      </Box>
    </Dialog>
  );
}
