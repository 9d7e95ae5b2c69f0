/**
 * s3rver in a process of its own (so the bench's client and the server do not share one event
 * loop): prints `{"endpoint": …, "directory": …}` on one line, stops on SIGTERM.
 */
import { startTestS3 } from '../../apps/server/test/s3-server.ts';

const s3 = await startTestS3();
console.log(JSON.stringify({ endpoint: s3.endpoint }));
process.on('SIGTERM', () => {
  void s3.close().then(() => process.exit(0));
});
