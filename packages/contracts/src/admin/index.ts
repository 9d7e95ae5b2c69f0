/** Content import, rosters and scheduling (issue 17): super administrators only. */
export * from './extension-format.ts';
export * from './import-report.ts';
export * from './roster.ts';
export * from './roster-links.ts';
export * from './schedule-test.ts';
export * from './admin-lists.ts';
