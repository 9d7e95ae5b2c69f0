/**
 * Server cost of checking a recorded video answer (issue 14): wall time and CPU (this process,
 * its analysis worker thread and the ffmpeg/ffprobe children) of RecordingChecks.check on a
 * 4-minute VP8/Opus webm with a key frame every 2 s, as the video view records it, with ONE
 * analysis worker (one core). `node --import tsx bench/media-answers/verify.ts [runs]`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createLocalAnalyzer } from '@invigil/analysis';
import { RecordingChecks } from '../../apps/server/src/modules/recordings/recording-checks.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dir = path.join(root, 'bench/media-answers/.artifacts');
const VIDEO = path.join(dir, 'answer-240s.webm');

/** 4 minutes, 640x480 at 30 fps, 512 kbit/s VP8 (a key frame every 60 frames), a tone as the voice. */
function makeVideo() {
  if (existsSync(VIDEO)) return;
  mkdirSync(dir, { recursive: true });
  const face = path.join(root, 'packages/analysis/test/fixtures/astronaut.jpg');
  // slow (it encodes 7,200 frames): made once and kept under .artifacts
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-loop',
    '1',
    '-framerate',
    '30',
    '-i',
    face,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=300:sample_rate=48000',
    '-filter_complex',
    '[0:v]scale=480:480,pad=640:480:(ow-iw)/2:(oh-ih)/2,noise=alls=20:allf=t,format=yuv420p[v]',
    '-map',
    '[v]',
    '-map',
    '1:a',
    '-t',
    '240',
    '-c:v',
    'libvpx',
    '-b:v',
    '512k',
    '-g',
    '60',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-c:a',
    'libopus',
    '-b:a',
    '48k',
    VIDEO,
  ]);
}

/** CPU seconds of finished children (ffmpeg, ffprobe): /proc/self/stat cutime + cstime. */
function childCpu(): number {
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[13]) + Number(f[14])) / 100;
}

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function main() {
  const runs = Number(process.argv[2] ?? 3);
  makeVideo();
  const analyzer = createLocalAnalyzer({ workers: 1 });
  const checks = new RecordingChecks(() => analyzer);
  const bytes = statSync(VIDEO).size;
  console.log(`video ${VIDEO} ${(bytes / 1e6).toFixed(1)} MB; load before ${loadavg()}`);
  // warm-up: model load and the first inference are paid once per worker, not per video
  const warm = Date.now();
  await checks.check('video', VIDEO, bytes, { primary: null, still: null });
  console.log(`warm-up (model load + first check) ${Date.now() - warm} ms`);
  const rows = [];
  for (let i = 0; i < runs; i++) {
    const cpu0 = process.cpuUsage();
    const child0 = childCpu();
    const t0 = performance.now();
    const m = await checks.check('video', VIDEO, bytes, { primary: null, still: null });
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const own = (cpu.user + cpu.system) / 1e6;
    const kids = childCpu() - child0;
    rows.push({ wall, own, kids, frames: m.checks!.frames.length, keyOnly: m.checks!.keyFramesOnly });
    console.log(
      `run ${i + 1}: ${(wall / 1000).toFixed(2)} s wall, CPU ${own.toFixed(2)} s (process + analysis worker) + ${kids.toFixed(2)} s (ffmpeg/ffprobe), ` +
        `${m.checks!.frames.length} frames (key frames only: ${m.checks!.keyFramesOnly}), ${m.durationSeconds.toFixed(1)} s long`,
    );
  }
  const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const wall = med(rows.map((r) => r.wall)) / 1000;
  const cpu = med(rows.map((r) => r.own + r.kids));
  console.log(
    `median: ${wall.toFixed(2)} s to verify 4 min; CPU ${cpu.toFixed(2)} s = ${(cpu / 4).toFixed(2)} s per minute of video; load after ${loadavg()}`,
  );
  await analyzer.close();
}

await main();
