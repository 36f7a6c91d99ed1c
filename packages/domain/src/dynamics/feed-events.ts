import { escapeHtml } from '../presenter.ts';

/**
 * What a feed line tells, as data (issue 20): stored with the line and rendered in the reader's language when read.
 * Target `kind` 'document' links to /document/<ref>, 'article' to /article/<ref>. `credit` is the site's name for its
 * credits (a setting, shown as the owner wrote it in either language).
 */
type Target = { target: 'document' | 'article'; ref: string; title: string };
type Reward = { award?: number; credit?: string };

export type FeedEvent =
  | ({ kind: 'register' } & Reward)
  | ({ kind: 'sign_in' } & Reward)
  | ({ kind: 'upload' } & Target & Reward)
  | ({ kind: 'download' } & Target)
  | ({ kind: 'favorite' } & Target)
  | ({ kind: 'favorited' } & Target & Reward)
  | ({ kind: 'comment'; reply?: boolean } & Target)
  | ({ kind: 'commented' } & Target & Reward)
  | { kind: 'delete_document'; title: string; penalty?: number; credit?: string };

export type FeedLanguage = 'zh-CN' | 'en';

const link = (t: Target, lang: FeedLanguage) => {
  const a = `<a href="/${t.target}/${encodeURIComponent(t.ref)}">${escapeHtml(t.title)}</a>`;
  return lang === 'en' ? `“${a}”` : `《${a}》`;
};
const noun = (t: Target, lang: FeedLanguage) =>
  lang === 'en' ? (t.target === 'article' ? 'article' : 'document') : t.target === 'article' ? '文章' : '文档';
const credit = (r: Reward) => escapeHtml(r.credit ?? '');
const zhReward = (r: Reward, verb = '获得') => (r.award ? `，${verb} ${r.award} ${credit(r)}奖励` : '');
const enReward = (r: Reward) => (r.award ? `, earning ${r.award} ${credit(r)}` : '');

/** The line as HTML of one shape (escaped text and links to this site's pages; apps/web feed-text.ts reads it). */
export function renderFeedEvent(e: FeedEvent, lang: FeedLanguage): string {
  const en = lang === 'en';
  switch (e.kind) {
    case 'register':
      return en ? `Joined the site${enReward(e)}` : `成功注册成网站会员${zhReward(e)}`;
    case 'sign_in':
      return en ? `Checked in${enReward(e)}` : `签到成功${zhReward(e)}`;
    case 'upload':
      return en
        ? `Uploaded the document ${link(e, lang)}${enReward(e)}`
        : `上传了文档${link(e, lang)}${zhReward(e, '获得了')}`;
    case 'download':
      return en ? `Downloaded the document ${link(e, lang)}` : `下载了文档${link(e, lang)}`;
    case 'favorite':
      return en
        ? `Added the ${noun(e, lang)} ${link(e, lang)} to favourites`
        : `您收藏了${noun(e, lang)}${link(e, lang)}`;
    case 'favorited':
      return en
        ? `Your document ${link(e, lang)} was added to someone's favourites${enReward(e)}`
        : `您分享的文档${link(e, lang)}被收藏${zhReward(e)}`;
    case 'comment':
      if (en)
        return e.reply
          ? `Replied to a comment on the ${noun(e, lang)} ${link(e, lang)}`
          : `Commented on the ${noun(e, lang)} ${link(e, lang)}`;
      return e.reply ? `在${noun(e, lang)}${link(e, lang)}中回复了评论` : `评论了${noun(e, lang)}${link(e, lang)}`;
    case 'commented':
      return en
        ? `Your document ${link(e, lang)} received a comment${enReward(e)}`
        : `您上传的文档${link(e, lang)}被评论了${zhReward(e)}`;
    case 'delete_document': {
      const t = escapeHtml(e.title);
      const p = e.penalty ? e.penalty : 0;
      return en
        ? `Deleted the document “${t}”${p ? `; ${p} ${credit(e)} deducted` : ''}`
        : `删除了文档《${t}》${p ? `，扣除了 ${p} ${credit(e)}` : ''}`;
    }
  }
}

/** A stored event read back: rendered when its kind is known, else null (the caller shows the stored text). */
export function renderStoredEvent(event: unknown, lang: FeedLanguage): string | null {
  if (!event || typeof event !== 'object' || !('kind' in event)) return null;
  try {
    const html = renderFeedEvent(event as FeedEvent, lang);
    return typeof html === 'string' ? html : null;
  } catch {
    return null;
  }
}
