/** Gaussian full-covariance BIC agglomerative clustering of speech chunks. */

export interface Chunk {
  /** frame feature vectors of this chunk */
  frames: Float64Array[];
}

function logDetCov(frames: Float64Array[], diag: boolean, reg = 1e-3): number {
  const n = frames.length;
  const d = frames[0].length;
  const mean = new Float64Array(d);
  for (const f of frames) for (let i = 0; i < d; i++) mean[i] += f[i] / n;
  if (diag) {
    let s = 0;
    for (let i = 0; i < d; i++) {
      let v = 0;
      for (const f of frames) v += (f[i] - mean[i]) ** 2;
      s += Math.log(v / n + reg);
    }
    return s;
  }
  const c: number[][] = Array.from({ length: d }, () => new Array<number>(d).fill(0));
  for (const f of frames) {
    for (let i = 0; i < d; i++) {
      const di = f[i] - mean[i];
      for (let j = 0; j <= i; j++) c[i][j] += (di * (f[j] - mean[j])) / n;
    }
  }
  for (let i = 0; i < d; i++) {
    for (let j = 0; j < i; j++) c[j][i] = c[i][j];
    c[i][i] += reg;
  }
  // Cholesky: log|C| = 2 * sum(log L_ii)
  let logdet = 0;
  for (let i = 0; i < d; i++) {
    for (let j = 0; j <= i; j++) {
      let s = c[i][j];
      for (let k = 0; k < j; k++) s -= c[i][k] * c[j][k];
      if (i === j) {
        if (s <= 0) s = 1e-9;
        c[i][i] = Math.sqrt(s);
        logdet += 2 * Math.log(c[i][i]);
      } else {
        c[i][j] = s / c[j][j];
      }
    }
  }
  return logdet;
}

/** ΔBIC of modelling a and b by one Gaussian versus two; > 0 means "different". */
export function deltaBic(a: Float64Array[], b: Float64Array[], lambda: number, diag = false): number {
  const n1 = a.length;
  const n2 = b.length;
  const n = n1 + n2;
  const d = a[0].length;
  const both = a.concat(b);
  const gain = 0.5 * (n * logDetCov(both, diag) - n1 * logDetCov(a, diag) - n2 * logDetCov(b, diag));
  const params = diag ? 2 * d : d + (d * (d + 1)) / 2;
  const penalty = 0.5 * lambda * params * Math.log(n);
  return gain - penalty;
}

/** Merges clusters while the closest pair has ΔBIC < 0; returns the frame sets of the final clusters. */
export function bicCluster(chunks: Chunk[], lambda: number, diag = false): Float64Array[][] {
  let clusters = chunks.map((c) => c.frames).filter((f) => f.length > 0);
  while (clusters.length > 1) {
    let best = Infinity;
    let bi = -1;
    let bj = -1;
    for (let i = 0; i < clusters.length; i++) {
      for (let j = i + 1; j < clusters.length; j++) {
        const v = deltaBic(clusters[i], clusters[j], lambda, diag);
        if (v < best) {
          best = v;
          bi = i;
          bj = j;
        }
      }
    }
    if (best >= 0) break;
    const merged = clusters[bi].concat(clusters[bj]);
    clusters = clusters.filter((_, k) => k !== bi && k !== bj);
    clusters.push(merged);
  }
  return clusters;
}
