/**
 * A content author as the API names them: the login username and the name bylines show (the
 * display name set in the profile, or the username when none is set).
 */
export type Author = { username: string; name: string };

export const MAX_DISPLAY_NAME_LENGTH = 60;

/** The author of a row read with its author's username and display name (null: no author). */
export function authorOf(username: string | null, displayName: string | null): Author | null {
	return username === null ? null : { username, name: displayName ?? username };
}
