/**
 * The home page (moredoc-facts §21.1, pro-facts §2.7 notices) (zh-CN). The dashboard's figures over time are in
 * back-office.ts (issue 17).
 */
export default {
  more: '更多',
  retry: '重试',
  loadFailed: '加载失败：{{message}}',
  pages: '{{count}} 页',
  docCount: '{{count}} 篇文档',
  categories: '文档分类',
  banner: {
    label: '轮播图',
    carousel: '轮播',
    previous: '上一张',
    next: '下一张',
    goTo: '第 {{n}} 张：{{title}}',
  },
  notice: {
    title: '网站公告',
  },
  popular: {
    title: '热门文档',
  },
  recommended: {
    title: '文档推荐',
  },
  stats: {
    document: '文档',
    article: '文章',
    user: '用户',
  },
  welcome: {
    hello: '欢迎您',
    upload: '上传文档',
    post: '发布文章',
    guest: '欢迎您，游客',
    guestTip: '登录，体验更多功能',
    login: '马上登录',
    register: '注册账户',
  },
  articles: {
    title: '文章资讯',
    latest: '最新',
    recommended: '推荐',
  },
  v2: {
    featured: '精选推荐',
    layout: '显示方式',
    grid: '网格',
    list: '列表',
    noDescription: '暂无描述',
    views: '浏览',
    downloads: '下载',
    hotCategories: '热门分类',
    hotCategoriesTip: '探索丰富的文档资源分类',
    categoryDocs: '{{count}} 个文档',
    viewMore: '查看更多',
    anonymous: '匿名用户',
    readMore: '阅读全文',
    noSignature: '暂无个性签名',
    userStats: '我的数据',
    documents: '文档',
    articles: '文章',
    latestDocuments: '最新文档',
    quickLinks: '快捷入口',
    quick: {
      upload: '上传文档',
      post: '发布文章',
      browse: '浏览文档',
      read: '阅读文章',
    },
  },
} as const;
