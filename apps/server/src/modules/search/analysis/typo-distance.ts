/** Rows reused across calls: a lookup checks hundreds of candidates, and fresh arrays would each be garbage. */
let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(72), new Int32Array(72), new Int32Array(72)];

/**
 * The number of typos between two words, counting an inserted, dropped or replaced letter and two neighbouring
 * letters swapped as one each (optimal string alignment, the Damerau distance typo tolerance uses), or
 * `limit + 1` as soon as it is certain to exceed `limit`: candidates are checked by the thousand, and nearly all
 * of them fail within the first letters.
 */
export function typoDistance(a: string, b: string, limit: number): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > limit) return limit + 1;
  if (n === 0 || m === 0) return Math.max(n, m);
  if (m + 1 > rows[0].length) rows = [new Int32Array(2 * m + 2), new Int32Array(2 * m + 2), new Int32Array(2 * m + 2)];
  // Three rows of the edit table: two back for swaps, one back, and the row being filled.
  let [previous2, previous, current] = rows;
  for (let j = 0; j <= m; j++) previous[j] = j;
  for (let i = 1; i <= n; i++) {
    current[0] = i;
    let best = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(j - 1);
      let value = previous[j - 1]! + (ai === bj ? 0 : 1);
      const drop = previous[j]! + 1;
      if (drop < value) value = drop;
      const insert = current[j - 1]! + 1;
      if (insert < value) value = insert;
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        const swap = previous2[j - 2]! + 1;
        if (swap < value) value = swap;
      }
      current[j] = value;
      if (value < best) best = value;
    }
    if (best > limit) return limit + 1;
    const rotated = previous2;
    previous2 = previous;
    previous = current;
    current = rotated;
  }
  const distance = previous[m]!;
  return distance > limit ? limit + 1 : distance;
}
