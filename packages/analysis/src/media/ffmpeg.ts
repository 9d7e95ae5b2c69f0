import { spawn } from 'node:child_process';

export const FFMPEG = process.env.FFMPEG_PATH || 'ffmpeg';
export const FFPROBE = process.env.FFPROBE_PATH || 'ffprobe';

export interface ToolRun {
  code: number | null;
  /** set when the run was killed (its time ran out) */
  timedOut: boolean;
  stdout: Buffer;
  /** the first few KB of what it wrote to stderr */
  stderr: string;
}

/**
 * Runs ffmpeg or ffprobe (Debian's, scripts/system-packages.txt) as a child process: never in the
 * event loop's thread, killed when it overruns `timeoutMs`, stdout kept up to `maxOut` bytes.
 */
export function runTool(bin: string, args: string[], timeoutMs: number, maxOut = 64 * 1024 * 1024): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (d: Buffer) => {
      outBytes += d.length;
      if (outBytes <= maxOut) out.push(d);
      else child.kill('SIGKILL');
    });
    child.stderr.on('data', (d: Buffer) => {
      if (err.length < 4000) err += d.toString();
    });
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(e.code === 'ENOENT' ? new Error(`${bin} is not installed (see scripts/system-packages.txt)`) : e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, timedOut, stdout: Buffer.concat(out), stderr: err.trim() });
    });
  });
}
