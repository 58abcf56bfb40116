/** The part of jStat (a CommonJS package without its own types) this project uses. */
declare module 'jstat' {
  const jstat: { jStat: { studentt: { cdf(t: number, degreesOfFreedom: number): number } } };
  export default jstat;
}
