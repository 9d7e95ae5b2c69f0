/** Classic speech features: MFCC (c1..c12) and autocorrelation pitch, 25 ms frames every 10 ms. */
export const FRAME = 400;
export const HOP = 160;
const NFFT = 512;
const NMEL = 26;
export const NCEP = 12;

function hz2mel(f: number) {
  return 2595 * Math.log10(1 + f / 700);
}
function mel2hz(m: number) {
  return 700 * (10 ** (m / 2595) - 1);
}

function melBank(sr: number): Float64Array[] {
  const lo = hz2mel(20);
  const hi = hz2mel(Math.min(7600, sr / 2));
  const pts = Array.from({ length: NMEL + 2 }, (_, i) =>
    Math.floor(((NFFT + 1) * mel2hz(lo + ((hi - lo) * i) / (NMEL + 1))) / sr),
  );
  return Array.from({ length: NMEL }, (_, m) => {
    const f = new Float64Array(NFFT / 2 + 1);
    for (let k = pts[m]; k < pts[m + 1]; k++) f[k] = (k - pts[m]) / Math.max(1, pts[m + 1] - pts[m]);
    for (let k = pts[m + 1]; k < pts[m + 2]; k++) f[k] = (pts[m + 2] - k) / Math.max(1, pts[m + 2] - pts[m + 1]);
    return f;
  });
}

export function fft(re: Float64Array, im: Float64Array) {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j], re[i]];
      [im[i], im[j]] = [im[j], im[i]];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (-2 * Math.PI) / len;
    const wr = Math.cos(ang);
    const wi = Math.sin(ang);
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = i + k;
        const b = a + len / 2;
        const tr = re[b] * cr - im[b] * ci;
        const ti = re[b] * ci + im[b] * cr;
        re[b] = re[a] - tr;
        im[b] = im[a] - ti;
        re[a] += tr;
        im[a] += ti;
        const nr = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = nr;
      }
    }
  }
}

export interface FrameFeatures {
  /** frames x NCEP cepstra */
  mfcc: Float64Array[];
  /** log energy per frame */
  energy: Float64Array;
  /** F0 in Hz per frame, 0 when unvoiced */
  pitch: Float64Array;
  /** peak normalised autocorrelation per frame (harmonicity, 0..1) */
  voicing: Float64Array;
}

const banks = new Map<number, Float64Array[]>();

export function frameFeatures(x: Float32Array, sr: number): FrameFeatures {
  const bank = banks.get(sr) ?? melBank(sr);
  banks.set(sr, bank);
  const n = x.length < FRAME ? 0 : 1 + Math.floor((x.length - FRAME) / HOP);
  const win = Float64Array.from({ length: FRAME }, (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (FRAME - 1)));
  const mfcc: Float64Array[] = [];
  const energy = new Float64Array(n);
  const pitch = new Float64Array(n);
  const voicing = new Float64Array(n);
  // pitch runs on a 2x decimated copy (F0 <= 400 Hz needs no more) to keep a 15 s clip well under a second
  const half = new Float32Array(x.length >> 1);
  for (let i = 0; i < half.length; i++) half[i] = 0.5 * (x[2 * i] + x[2 * i + 1]);
  const re = new Float64Array(NFFT);
  const im = new Float64Array(NFFT);
  const logmel = new Float64Array(NMEL);
  for (let f = 0; f < n; f++) {
    const off = f * HOP;
    re.fill(0);
    im.fill(0);
    let e = 0;
    for (let i = 0; i < FRAME; i++) {
      const v = x[off + i] - (i > 0 ? 0.97 * x[off + i - 1] : 0);
      re[i] = v * win[i];
      e += x[off + i] * x[off + i];
    }
    energy[f] = Math.log(e / FRAME + 1e-10);
    fft(re, im);
    for (let m = 0; m < NMEL; m++) {
      let s = 0;
      const filt = bank[m];
      for (let k = 0; k <= NFFT / 2; k++) if (filt[k] > 0) s += filt[k] * (re[k] * re[k] + im[k] * im[k]);
      logmel[m] = Math.log(s + 1e-10);
    }
    const c = new Float64Array(NCEP);
    for (let k = 1; k <= NCEP; k++) {
      let s = 0;
      for (let m = 0; m < NMEL; m++) s += logmel[m] * Math.cos((Math.PI * k * (m + 0.5)) / NMEL);
      c[k - 1] = s;
    }
    mfcc.push(c);
    const [f0, v] = framePitch(half, off >> 1, sr / 2);
    pitch[f] = f0;
    voicing[f] = v;
  }
  return { mfcc, energy, pitch, voicing };
}

/** Normalised autocorrelation pitch over a 40 ms window, 60-400 Hz; 0 when unvoiced. */
function framePitch(x: Float32Array, off: number, sr: number): [number, number] {
  const len = Math.floor(0.04 * sr);
  if (off + len > x.length) return [0, 0];
  const minLag = Math.floor(sr / 400);
  const maxLag = Math.floor(sr / 60);
  let e0 = 0;
  for (let i = 0; i < len - maxLag; i++) e0 += x[off + i] * x[off + i];
  if (e0 < 1e-6) return [0, 0];
  let best = 0;
  let bestLag = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    let s = 0;
    let el = 0;
    for (let i = 0; i < len - maxLag; i++) {
      s += x[off + i] * x[off + i + lag];
      el += x[off + i + lag] * x[off + i + lag];
    }
    const r = s / Math.sqrt(e0 * el + 1e-12);
    if (r > best) {
      best = r;
      bestLag = lag;
    }
  }
  return [best > 0.6 && bestLag > 0 ? sr / bestLag : 0, Math.max(0, best)];
}
