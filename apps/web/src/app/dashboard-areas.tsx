import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';

/** What an area receives from the dashboard shell. */
export interface AreaProps {
  menuKey: string;
  /** Lets an area switch the selected menu (e.g. to Completed or Expired). */
  onSelectMenu(key: string): void;
}

function AreaHeading({ menuKey }: AreaProps) {
  return (
    <Paper sx={{ p: 3 }} variant="outlined">
      <Typography variant="h5" component="h2">
        {menuKey}
      </Typography>
    </Paper>
  );
}

/**
 * Menu key to the area shown in the dashboard's content. Areas load lazily so the shell stays
 * small; a key without an entry shows its heading.
 */
export const dashboardAreas: Record<string, ComponentType<AreaProps>> = {};

export function areaFor(menuKey: string): ComponentType<AreaProps> {
  return dashboardAreas[menuKey] ?? AreaHeading;
}
