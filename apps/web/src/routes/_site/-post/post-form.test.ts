import type { ArticleDTO } from '@wenku/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_POST, hasContent, postFormSchema, postInput, postValuesOf, savedMessageKey } from './post-form';

describe('hasContent', () => {
  it('sees an emptied editor as empty', () => {
    expect(hasContent('')).toBe(false);
    expect(hasContent('<p></p>')).toBe(false);
    expect(hasContent('<p>&nbsp; </p><p><br></p>')).toBe(false);
  });
  it('accepts text or a lone image, table or rule', () => {
    expect(hasContent('<p>你好</p>')).toBe(true);
    expect(hasContent('<p><img src="/uploads/a.png"></p>')).toBe(true);
    expect(hasContent('<table><tbody><tr><td><p></p></td></tr></tbody></table>')).toBe(true);
    expect(hasContent('<hr>')).toBe(true);
  });
});

describe('postFormSchema', () => {
  it('requires a title, a category and some content', () => {
    const r = postFormSchema.safeParse(EMPTY_POST);
    expect(r.success).toBe(false);
    const messages = Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(messages).toEqual({
      title: 'articles.enter_article_title',
      category_id: 'article.post.errors.category',
      content: 'article.post.errors.content',
    });
  });
  it('accepts a complete form and trims the texts', () => {
    const r = postFormSchema.parse({
      ...EMPTY_POST,
      title: '  标题 ',
      category_id: [1, 2],
      keywords: ' a, b ',
      content: '<p>x</p>',
    });
    expect(r).toMatchObject({ title: '标题', keywords: 'a, b', category_id: [1, 2] });
  });
  it('checks the cover address as the server does', () => {
    const base = { ...EMPTY_POST, title: 't', category_id: [1], content: '<p>x</p>' };
    expect(postFormSchema.safeParse({ ...base, cover: '/uploads/a/b.png' }).success).toBe(true);
    expect(postFormSchema.safeParse({ ...base, cover: 'javascript:alert(1)' }).success).toBe(false);
  });
});

const article = {
  id: 7,
  identifier: 'abc',
  title: '标题',
  keywords: 'k',
  description: 'd',
  cover: '',
  content: '<p>x</p>',
  category_id: [5, 1],
} as ArticleDTO;

describe('postValuesOf / postInput', () => {
  const tree = [{ id: 1, title: 'a', children: [{ id: 5, title: 'b', children: [] }] }];
  it('turns the linked categories into the cascade path', () => {
    expect(postValuesOf(article, tree).category_id).toEqual([1, 5]);
    expect(postValuesOf(article, []).category_id).toEqual([]);
  });
  it('sends every field with distinct categories', () => {
    expect(postInput({ ...postValuesOf(article, tree), category_id: [1, 5, 5] })).toEqual({
      title: '标题',
      content: '<p>x</p>',
      keywords: 'k',
      description: 'd',
      cover: '',
      category_id: [1, 5],
    });
  });
});

describe('savedMessageKey', () => {
  it('tells the author when the article waits for review', () => {
    expect(savedMessageKey(0, false)).toBe('article.post.savedPending');
    expect(savedMessageKey(0, true)).toBe('article.post.savedPending');
    expect(savedMessageKey(1, false)).toBe('article.post.published');
    expect(savedMessageKey(1, true)).toBe('article.post.updated');
  });
});
