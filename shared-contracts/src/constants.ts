/**
 * The business constants and limits of docs/product.md#constants, in one place. Schemas, rules, the api and every
 * remote read them from here; no screen keeps its own copy of a number.
 */
import { TOKEN_KEY, USER_KEY } from './auth/storageKeys';

/** Rows per page of the ticket list (docs/product.md#constants). */
export const TICKETS_PAGE_SIZE = 10;
/** Rows per page of User Management (docs/product.md#constants: "10 in one reading"). */
export const USERS_PAGE_SIZE = 10;
/** Pages shown either side of the current page in the users pagination (first and last always). */
export const USERS_PAGINATION_SIBLINGS = 2;
/** Largest page a list call may ask for (docs/architecture.md#api: lists stay fast at 100,000+ tickets). */
export const MAX_PAGE_SIZE = 100;

/** Widths under this use the mobile layout of the dashboard and the list (px). */
export const MOBILE_BREAKPOINT_PX = 768;
/** The sidebar closes after navigation under this width (px). */
export const SIDEBAR_BREAKPOINT_PX = 992;
/** The header changes its look after this much scrolling (px). */
export const HEADER_SCROLL_THRESHOLD_PX = 70;

/** A description has at most this many whitespace-separated words. */
export const DESCRIPTION_MAX_WORDS = 500;
/** A hard cap on the characters of a description, so a huge string never reaches the word count. */
export const DESCRIPTION_MAX_CHARS = 10_000;
/** Words of the description shown in the desktop table. */
export const DESCRIPTION_PREVIEW_WORDS_TABLE = 5;
/** Words of the description shown on a mobile card. */
export const DESCRIPTION_PREVIEW_WORDS_CARD = 10;

/** The attachment limit in MB, as the texts name it. */
export const ATTACHMENT_MAX_MB = 20;
/** The attachment limit in bytes (20 * 1024 * 1024). */
export const ATTACHMENT_MAX_BYTES = ATTACHMENT_MAX_MB * 1024 * 1024;
/** Accepted attachment extensions, lowercase with the dot (also the file input's `accept`). */
export const ATTACHMENT_EXTENSIONS = ['.pdf', '.doc', '.docx', '.jpg', '.jpeg', '.png'] as const;

/** A mobile number is exactly this many digits. */
export const MOBILE_DIGITS = 10;

/** Percentage ring: below `low` red-orange, below `high` yellow, else green. */
export const RING_THRESHOLDS = { low: 30, high: 70 } as const;

/** One day in milliseconds (a day of UTC, which has no daylight saving). */
export const DAY_MS = 86_400_000;

/** Toast auto-close in the ticket list panel (ms). */
export const LIST_TOAST_AUTO_CLOSE_MS = 3000;
/** Toast auto-close on the submit form (ms). */
export const SUBMIT_TOAST_AUTO_CLOSE_MS = 4000;
/** The notification library's default auto-close (ms). */
export const DEFAULT_TOAST_AUTO_CLOSE_MS = 5000;
/** Delay before going to the new ticket after a successful submit (ms). */
export const REDIRECT_AFTER_SUBMIT_MS = 2000;
/** How long 'Copied!' shows after Copy Link (ms). */
export const COPIED_INDICATOR_MS = 2000;
/** The details dialog closes this long after a successful action (ms). */
export const DIALOG_CLOSE_AFTER_ACTION_MS = 300;
/** How long 'User created/updated successfully!' shows (ms). */
export const USER_SUCCESS_MESSAGE_MS = 3000;

/** Max height of the city dropdown list (px). */
export const CITY_DROPDOWN_MAX_HEIGHT_PX = 200;
/** Minimum height of the city chart (px). */
export const CHART_MIN_HEIGHT_PX = 300;
/** The ticket history list has no limit (docs/product.md#constants). */
export const TICKET_HISTORY_LIMIT: number | null = null;

/** The localStorage keys of the session (docs/product.md#constants). */
export const STORAGE_KEYS = { token: TOKEN_KEY, user: USER_KEY } as const;

/** The helpline shown in the submit form footer is a placeholder (docs/product.md#constants). */
export const HELPLINE_NUMBER = '+91 XXXXX XXXXX';

/** The fixed uppercase association prefix of displayed ticket ids (`CREDAI-42`). */
export const TICKET_ID_PREFIX = 'CREDAI';

/** Text limits of the schemas (characters, after trimming). */
export const TEXT_LIMITS = {
  name: 120,
  email: 254,
  title: 200,
  search: 200,
  comment: 2000,
  password: 256,
  fileName: 255,
  url: 2048,
} as const;

/** Minimum length of a new password (the first description of the product gives no strength rule; this is the product's floor). */
export const PASSWORD_MIN_LENGTH = 8;

/** The largest id PostgreSQL's `integer` holds: a bigger one is rejected, never a database error. */
export const MAX_ID = 2_147_483_647;
