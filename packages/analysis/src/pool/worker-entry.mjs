// Plain-JS bootstrap for analysis worker threads: registers tsx in this thread (a worker's
// `--import` hooks do not apply to its own entry module on Node 20), then loads the TS worker.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
