/**
 * The parts of tfjs the packaged detectors use (faceboxes.ts, front-faces.ts), typed structurally:
 * they run on Human's namespace (`human.tf`: one engine, one wasm backend, the file router set up)
 * without a hard type dependency on tfjs-core.
 */
export interface Tensor {
  size: number;
  data(): Promise<ArrayLike<number>>;
  dataSync(): ArrayLike<number>;
  dispose(): void;
}

export interface Tf {
  tidy<T>(fn: () => T): T;
  tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): Tensor;
  expandDims(t: Tensor, axis: number): Tensor;
  cast(t: Tensor, dtype: 'int32' | 'float32'): Tensor;
  div(t: Tensor, v: number): Tensor;
  sub(t: Tensor, v: number): Tensor;
  concat(ts: Tensor[], axis: number): Tensor;
  tensor2d(values: number[], shape: [number, number], dtype: 'float32'): Tensor;
  tensor1d(values: number[], dtype: 'float32'): Tensor;
  image: {
    resizeBilinear(t: Tensor, size: [number, number]): Tensor;
    nonMaxSuppressionAsync(
      boxes: Tensor,
      scores: Tensor,
      maxOutputSize: number,
      iouThreshold: number,
      scoreThreshold: number,
    ): Promise<Tensor>;
  };
  dispose(t: Tensor | Tensor[]): void;
  loadGraphModel(url: string): Promise<{
    execute(input: Tensor, outputs?: string[]): Tensor | Tensor[];
    executeAsync(input: Tensor, outputs: string[]): Promise<Tensor | Tensor[]>;
    /** the graph's constants by node name */
    weights: Record<string, Tensor[]>;
  }>;
}
