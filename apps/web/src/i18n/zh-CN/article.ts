/**
 * Texts of the article pages /article, /article/{id} (moredoc's wording). /post, its editor and the members' article
 * tab are in account.ts (issue 17).
 */
export default {
  notice: '网站公告',
  status: {
    0: '待审核',
    1: '已通过',
    2: '已拒绝',
  },
  meta: {
    views: '{{count}} 阅读',
    favorites: '{{count}} 收藏',
    comments: '{{count}} 评论',
  },
  listing: {
    title: '文章',
    categories: '文章分类',
    all: '全部文章',
    allIn: '全部',
    sort: '排序',
    tabs: {
      latest: '最新发布',
      popular: '热门文章',
    },
    total: '共 {{count}} 篇',
    publish: '发布文章',
    results: '文章列表',
    empty: '暂无文章',
    clearNotice: '查看全部文章',
  },
  recommended: {
    title: '推荐文章',
    next: '换一批',
    empty: '暂无推荐文章',
  },
  related: {
    title: '相关文章',
  },
  read: {
    breadcrumb: '当前位置',
    home: '首页',
    articles: '文章',
    author: '作者',
    authorCounts: '{{articles}} 篇文章 · {{documents}} 篇文档',
    anonymous: '匿名用户',
    keywords: '关键词',
    noContent: '这篇文章还没有内容',
    rejectedTitle: '审核拒绝原因',
    noReason: '未填写原因',
    rejectedHelp: '修改文章后将重新提交审核。',
    pendingTitle: '文章审核中',
    pendingHelp: '审核通过后，其他人才能看到这篇文章。',
  },
  actions: {
    edit: '编辑',
    delete: '删除',
    deleteTitle: '删除文章',
    deleteConfirm: '确定要删除文章《{{title}}》吗？',
    deleted: '文章已删除',
  },
  user: {
    tab: '文章',
    empty: '该用户还没有公开的文章',
  },
} as const;
