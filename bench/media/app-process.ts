/**
 * The app in a process of its own for the HTTP part of the bench, configured from the environment
 * as in production (MEDIA_STORE, S3_*): stores a 50 KB picture and a 15 MB video through its media
 * port, prints `{"picture": url, "video": url}` (signed, 10 minutes) on one line, stops on SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { secretKey } from '../../apps/server/src/lib/secret-key.ts';
import { MediaUrlSigner } from '../../apps/server/src/modules/media/media-url-signer.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'invigil-bench-media-app-'));
const config = { ...loadConfig(process.env), dataDir, webDist: undefined, logLevel: 'silent', queue: false };
const app = await buildApp({ ...config, seedOnStart: false }, { logger: false });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const signer = new MediaUrlSigner(secretKey(dataDir, 'media-urls'), 600);
await app.ctx.media.put('proctoring/1/http.jpg', randomBytes(50 * 1024), 'image/jpeg');
await app.ctx.media.put('recordings/1/http.webm', randomBytes(15 * 1024 * 1024), 'video/webm');
const url = (key: string) => base + signer.sign(key).url;
console.log(JSON.stringify({ picture: url('proctoring/1/http.jpg'), video: url('recordings/1/http.webm') }));
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
