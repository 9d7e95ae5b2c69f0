import type { ComponentType } from 'react';

/** What an area receives from the dashboard shell. */
export interface AreaProps {
  menuKey: string;
  /** Lets an area switch the selected menu (e.g. to Completed or Expired). */
  onSelectMenu(key: string): void;
}

/** Menu key to the area the dashboard shows for it (the app composes the areas of the features). */
export type AreaFor = (menuKey: string) => ComponentType<AreaProps>;
