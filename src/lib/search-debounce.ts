/**
 * Pause after the last keystroke before a list search is sent: one request per pause, not per
 * key. React-free, so islands (useDebouncedCallback, useDebouncedValue) and plain page scripts
 * (/podcast) share it.
 */
export const SEARCH_DEBOUNCE_MS = 300;
