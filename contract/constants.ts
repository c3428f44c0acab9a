/** Product constants shared by server and web. */
export const TOAST_SHOW_DELAY_MS = 100;
export const TOAST_DISMISS_MS = 4500;
export const TOAST_REMOVE_DELAY_MS = 300;
export const NOT_FOUND_REDIRECT_MS = 1000;
export const HEADER_SCROLL_THRESHOLD_PX = 10;
export const MOBILE_BREAKPOINT_PX = 768;
export const INIT_CACHE_MS = 24 * 60 * 60 * 1000;
export const PAGE_SIZE = 25;
export const CODE_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 8;

/** Signed-in shell. */
export const SIDEBAR_WIDTH_PX = 350;
export const POPOVER_WIDTH_PX = 320;
export const SESSION_REFRESH_MS = 120_000;
export const STATUS_REFRESH_MS = 60_000;
export const ACTIVITY_PING_MS = 60_000;
export const FEEDBACK_THANKS_MS = 2000;
export const MODAL_CLOSE_DELAY_MS = 300;
export const NEW_ITEM_HIGHLIGHT_MS = 3000;
export const TOP_NEWS_COUNT = 5;
export const SIDEBAR_LIST_MAX = 5;
export const SUGGESTIONS_SHOWN = 12;
export const SUGGESTIONS_ONBOARDING_MAX = 36;
/** Breaking alerts a user may allow a day: 1 to this (My Profile); 3 unless changed. */
export const ALERT_DAILY_CAP_MAX = 20;
/** The eight fields of the Profile Completion meter. */
export const PROFILE_COMPLETION_FIELDS = 8;

/** localStorage keys. */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  theme: 'theme',
  viewMode: 'viewMode',
  impersonation: 'impersonation',
  timelineMode: 'timelineMode',
  initData: 'initData',
} as const;

/** Reader. */
export const FEED_POLL_EMPTY_MS = 10_000;
export const FEED_POLL_MS = 15_000;
export const PROFILE_POLL_SETUP_MS = 3000;
export const SETUP_PREVIEWS_KEPT = 12;
export const SETUP_PREVIEW_ROTATE_MS = 10_000;
export const SETUP_PREVIEW_FIRST_MS = 2000;
export const INFINITE_SCROLL_MARGIN_PX = 300;
export const INFINITE_SCROLL_THROTTLE_MS = 1000;
/** The end-of-feed message shows once more than this many articles are listed. */
export const FEED_END_MESSAGE_AFTER = 6;
export const DESCRIPTION_CLAMP_LINES = 5;
export const DESCRIPTION_SHOW_MORE_CHARS = 300;
/** Timeline search answers at most this many articles, best match first. */
export const TIMELINE_SEARCH_LIMIT = 50;
/** The ranges of a topic's trends (24h is read per hour, the others per day), in the order the switch offers them. */
export const TREND_RANGES = ['24h', '7d', '30d', '90d'] as const;
export type TrendRange = (typeof TREND_RANGES)[number];
