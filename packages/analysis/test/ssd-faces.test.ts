import { describe, expect, it } from 'vitest';
import { registerChainedOps } from '../src/image/ssd-faces.ts';

/** a stand-in for a tfjs namespace: ops are functions named `<name>__op`, as tfjs-core's op() names them */
function fakeTf() {
  class Tensor {
    disposed = false;
    constructor(
      readonly size: number,
      readonly calls: string[] = [],
    ) {}
    throwIfDisposed() {
      if (this.disposed) throw new Error('Tensor is disposed.');
    }
    /** a method the class already has: never replaced */
    reshape() {
      return 'own';
    }
  }
  const named = (name: string, fn: (...a: unknown[]) => unknown) => Object.defineProperty(fn, 'name', { value: name });
  const record = (op: string) =>
    named(`${op}__op`, (t: unknown, ...args: unknown[]) => `${op}(${JSON.stringify(args)})`);
  return {
    Tensor,
    reshape: record('reshape'),
    cast: record('cast'),
    add: record('add'),
    slice: record('slice'),
    /** not an op: left alone */
    tidy: named('tidy', () => 'tidy'),
  };
}

describe('registerChainedOps (face-api on the tfjs-core that Human uses)', () => {
  it('adds the chained methods face-api calls: each op applied to the tensor, shapes for as1D-as4D', () => {
    const tf = fakeTf();
    const added = registerChainedOps(tf as unknown as Record<string, unknown>);
    const t = new tf.Tensor(6) as unknown as Record<string, (...a: unknown[]) => unknown>;
    expect(t.as3D(1, 2, 3)).toBe('reshape([[1,2,3]])');
    expect(t.as1D()).toBe('reshape([[6]])');
    expect(t.as4D(1, 1, 2, 3)).toBe('reshape([[1,1,2,3]])');
    expect(t.asScalar()).toBe('reshape([[]])');
    expect(t.toInt()).toBe('cast(["int32"])');
    expect(t.toFloat()).toBe('cast(["float32"])');
    expect(t.add(5)).toBe('add([5])');
    expect(t.slice([1], [2])).toBe('slice([[1],[2]])');
    expect(t.reshape()).toBe('own');
    expect('tidy' in t).toBe(false);
    expect(added).toBeGreaterThan(8);
    // a second registration adds nothing
    expect(registerChainedOps(tf as unknown as Record<string, unknown>)).toBe(0);
  });

  it('a disposed tensor refuses, as with tfjs-core own chained ops', () => {
    const tf = fakeTf();
    registerChainedOps(tf as unknown as Record<string, unknown>);
    const t = new tf.Tensor(1);
    t.disposed = true;
    expect(() => (t as unknown as { add(x: number): unknown }).add(1)).toThrow(/disposed/);
  });
});
