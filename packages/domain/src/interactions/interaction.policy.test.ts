import { describe, expect, it } from 'vitest';
import { isOthersDocument, mayDeleteComments } from './interaction.policy.ts';

describe('interaction policy', () => {
  it('lets authors delete their own comments only, administrators any', () => {
    const mine = { userId: 7 };
    const theirs = { userId: 8 };
    expect(mayDeleteComments([mine], { userId: 7, admin: false })).toBe(true);
    expect(mayDeleteComments([mine, theirs], { userId: 7, admin: false })).toBe(false);
    expect(mayDeleteComments([theirs], { userId: 7, admin: false })).toBe(false);
    expect(mayDeleteComments([mine, theirs], { userId: 9, admin: true })).toBe(true);
  });

  it("pays and tells the uploader for others' acts on a document, never for their own or on an article", () => {
    expect(isOthersDocument({ type: 0, ownerId: 7 }, 8)).toBe(true);
    expect(isOthersDocument({ type: 0, ownerId: 7 }, 7)).toBe(false);
    expect(isOthersDocument({ type: 1, ownerId: 7 }, 8)).toBe(false);
  });
});
