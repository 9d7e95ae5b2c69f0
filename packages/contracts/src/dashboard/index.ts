/** The candidate dashboard's contracts (issue 3). */
export * from './dashboard-constants.ts';
export * from './dashboard-lists.ts';
export * from './user-home.ts';
export * from './dashboard-menu.ts';
export * from './get-user-org-data.ts';
export * from './get-languages.ts';
export * from './apply-practice.ts';
export * from './group-report.ts';
