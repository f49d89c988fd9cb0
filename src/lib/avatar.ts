/**
 * Avatar colour and initial, apart from format.ts because the header script
 * on every page needs the initial and nothing else.
 */

/** Avatar colours with white text at AA contrast. */
const AVATAR_COLORS = [
	'#1d4ed8',
	'#7c3aed',
	'#be185d',
	'#b45309',
	'#047857',
	'#0e7490',
	'#4338ca',
	'#b91c1c',
];

/** A colour derived from the username, so an author keeps the same colour everywhere. */
export function avatarColor(username: string): string {
	let hash = 0;
	for (const char of username) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
	return AVATAR_COLORS[hash % AVATAR_COLORS.length]!;
}

/** The avatar initial: the first letter of the username, upper-cased ('?' when empty). */
export function avatarInitial(username: string | null | undefined): string {
	const first = username?.trim().charAt(0);
	return first ? first.toUpperCase() : '?';
}
