/** Constants of the observed product that users rely on (spec: product-core §9). */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ['F8'];
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const MOBILE_BREAKPOINT = 768;
export const AUTO_LOGOUT_MINUTES = [15, 30, 60, 120] as const;
export const DEFAULT_AUTO_LOGOUT_MINUTES = 30;
