/** Support and operations (issue 15): search, regeneration, ongoing tests, pending results, timeline. */
export * from './search-user-org.ts';
export * from './search-record.ts';
export * from './regenerate-test.ts';
export * from './active-users.ts';
export * from './pending-results.ts';
export * from './timeline.ts';
export * from './attempt-media.ts';
export * from './unlock-user.ts';
