/**
 * CPU time of this process, every thread together, in seconds. On a shared machine it says how much of the cores
 * a run really got (the training curve's CPU axis, the speed bench's per-CPU-second rates, the solver benches).
 */
export const processCpuSeconds = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
