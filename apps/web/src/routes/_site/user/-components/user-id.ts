/** The numeric member id of a `/user/$id` URL, or null when the segment is not a positive integer. */
export function userIdOf(raw: string): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}
