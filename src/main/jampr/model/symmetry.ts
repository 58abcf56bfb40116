/**
 * The 8 symmetries of the square (rotations and reflections about the centre of [0,100]²) applied to
 * scaled coordinates. Travel times are unchanged, so a transformed instance is the same problem with
 * different inputs: free augmentation for training. 0 is the identity.
 */
export const SYMMETRY_COUNT = 8;

export function placeScaled(x: number, y: number, symmetry: number): [number, number] {
  const u = x / 100 - 0.5;
  const v = y / 100 - 0.5;
  switch (symmetry) {
    case 0:
      return [u + 0.5, v + 0.5];
    case 1:
      return [-v + 0.5, u + 0.5];
    case 2:
      return [-u + 0.5, -v + 0.5];
    case 3:
      return [v + 0.5, -u + 0.5];
    case 4:
      return [-u + 0.5, v + 0.5];
    case 5:
      return [u + 0.5, -v + 0.5];
    case 6:
      return [v + 0.5, u + 0.5];
    case 7:
      return [-v + 0.5, -u + 0.5];
    default:
      throw new RangeError(`symmetry ${symmetry} is not in 0..7`);
  }
}
