/**
 * Numbers in [0, 1) that are the same on every run for a seed (mulberry32):
 * the benches seed the same rows each time, and the suppression test tries
 * the same random years, so a figure or a failure can be compared and repeated.
 */
export function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
