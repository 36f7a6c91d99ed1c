import type zh from '../zh-CN/shell';

/** Texts of the public shell (English). */
export default {
  advertisement: 'Advertisement',
  header: {
    menu: 'Menu',
    openMenu: 'Open menu',
    home: 'Home',
    documents: 'Documents',
    articles: 'Articles',
    moreCategories: 'View all',
  },
  search: {
    documents: 'Search documents...',
    articles: 'Search articles...',
    submit: 'Search',
    typeDocument: 'Documents',
    typeArticle: 'Articles',
  },
  user: {
    home: 'My home page',
    center: 'Personal centre',
    upload: 'Upload document',
    post: 'Publish article',
    admin: 'Admin back office',
    logout: 'Sign out',
    logoutSuccess: 'Signed out',
    login: 'Sign in',
    register: 'Sign up',
    welcome: 'Welcome, {{name}}',
  },
  theme: { label: 'Switch theme' },
  language: { label: 'Switch language' },
  footer: {
    about: 'About us',
    agreement: 'Terms of use',
    contact: 'Contact us',
    feedback: 'Feedback',
    copyright: 'Disclaimer',
    sitemap: 'Site map',
    friendlinks: 'Friend links',
    poweredBy: 'Powered by Wenku v{{version}}',
  },
  float: {
    post: 'Publish article',
    upload: 'Upload document',
    wechat: 'WeChat',
    contact: 'Contact us',
    top: 'Back to top',
  },
  home: {
    heroTip: 'A library of documents and articles to read, download and share',
    hotWords: 'Popular searches:',
    documentCategories: 'Document categories',
    articleCategories: 'Article categories',
    more: 'More',
    noCategories: 'No categories yet',
    docCount: '{{count}} documents',
  },
  notFound: {
    code: '404',
    status: 'Page not found',
    pageTitle: '404 - Page not found',
  },
  error: {
    reload: 'Reload page',
  },
} satisfies typeof zh;
