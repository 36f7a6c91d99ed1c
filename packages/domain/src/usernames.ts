import { type EntityManager, User } from '@wenku/db';

/**
 * Usernames of the given user ids (0 and repeats ignored), for lists that show who did something. Below every area
 * (documents, orders, moderation, attachments, SMS and users all name people in their lists), so none of them imports
 * `users` for it.
 */
export async function usernamesByIds(em: EntityManager, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((id) => id > 0))];
  const users = unique.length ? await em.find(User, { id: { $in: unique } }, { fields: ['id', 'username'] }) : [];
  return new Map(users.map((u) => [u.id, u.username]));
}
