/** 000 §8 "Community": the feed's load failure and empty texts, word for word. */
export const COMMUNITY_LOAD_ERROR = 'Unable to load community edits. Please try again later.';
export const COMMUNITY_EMPTY = 'No community creations yet. Be the first to create something amazing!';
