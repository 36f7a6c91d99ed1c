/** Midnight of today on the server's clock: the boundary of daily limits and daily counts. */
export function startOfToday(): Date {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d;
}
