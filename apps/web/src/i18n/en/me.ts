import type zh from '../zh-CN/me';

/** Texts of the member area and the personal home page (English). */
export default {
  title: 'Personal centre',
  menu: {
    overview: 'Overview',
    vip: 'My VIP',
    order: 'My orders',
    document: 'My documents',
    article: 'My articles',
    download: 'My downloads',
    profile: 'Profile',
    password: 'Password',
  },
  overview: {
    title: 'Account overview',
    credits: 'My {{name}}',
    documents: 'Documents',
    articles: 'Articles',
    favorites: 'Favourites',
    groups: 'Groups',
    noGroups: 'No groups',
    noSignature: 'No signature yet',
    joinedAt: 'Joined {{date}}',
    editProfile: 'Edit profile',
    homePage: 'My home page',
  },
  profile: {
    title: 'Profile',
    avatar: 'Avatar',
    changeAvatar: 'Change avatar',
    avatarHint: 'JPG, PNG, GIF or WEBP images',
    avatarUploading: 'Uploading avatar…',
    avatarSuccess: 'Avatar updated',
    avatarFailed: 'Avatar upload failed',
    avatarNotImage: 'Please choose an image file',
  },
  password: {
    title: 'Change password',
    hint: 'After the change, sign-ins on other devices stop working',
    firstTitle: 'Set a password',
    firstHint:
      'Your account was created when you signed in with an SMS code and has no password yet. Set one to sign in with your mobile number or username and a password.',
  },
  user: {
    pageTitle: '[Home page] {{username}}',
    noSignature: 'No signature yet',
    documents: 'Documents',
    articles: 'Articles',
    credits: '{{name}}',
    vip: 'VIP',
    joinedAt: 'Joined {{date}}',
    notFound: 'User not found',
    tabsLabel: 'Home page sections',
    tabs: {
      home: 'Home',
      documents: 'Documents',
    },
    latestDocuments: 'Latest documents',
    allDocuments: 'All documents',
    noDocuments: 'This member has no public documents yet',
  },
} satisfies typeof zh;
