/** Business constants of spec §9. */
export const DEFAULT_SITE_TITLE = '文库';
export const DEFAULT_CREDIT_NAME = '魔豆';
export const DEFAULT_RECHARGE_CREDIT_LABEL = '积分';
export const HTTP_TIMEOUT_MS = 30_000;
export const NAVIGATION_LIST_SIZE = 10_000;
export const CATEGORY_POPOVER_WIDTH = 520;
export const CATEGORY_POPOVER_DELAY_MS = 600;
export const MOBILE_DRAWER_WIDTH = '60%';
export const RECHARGE_DIALOG_WIDTH = 680;
export const ADMIN_MENU_WIDTH = 240;
export const ADMIN_MENU_COLLAPSE_BELOW = 1000;
export const BREAKPOINT_MOBILE = 768;
export const BREAKPOINT_TABLET = 992;
export const AVATAR_DEFAULT_SIZE = 80;
export const AVATAR_NAV_SIZE = 42;
export const FILE_HASH_SLICE_BYTES = 2 * 1024 * 1024;
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_HIDE_AFTER_MS = 500;
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
/** The fixed localStorage key the session persists under (spec §4, §9). */
export const SESSION_STORAGE_KEY = 'wenku';
export const SECRET_MASK = '******';
export const DEFAULT_AFTER_OAUTH_REDIRECT = '/me';
export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif', '.ico', '.bmp', '.webp'] as const;
export const ALWAYS_ALLOWED_ADMIN_PAGES = ['/admin', '/admin/index', '/admin/dashboard', '/admin/navigation'] as const;
export const ROOT_USER_ID = 1;
