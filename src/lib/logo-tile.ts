/**
 * What stands in for a platform's logo when it has none or the image fails to load: the
 * platform's initials on a softly tinted tile. A grey box reading "60×40" looked like a
 * developer's placeholder left behind. The tint follows from the name, so a platform keeps its
 * colour on every page and neighbouring tiles tend to differ. Runs anywhere (no DOM).
 */

/** Background and text pairs that keep the initials at AA contrast (all 7:1 or better). */
const TINTS = [
	'bg-slate-100 text-slate-800',
	'bg-sky-100 text-sky-900',
	'bg-emerald-100 text-emerald-900',
	'bg-amber-100 text-amber-900',
	'bg-violet-100 text-violet-900',
	'bg-rose-100 text-rose-900',
] as const;

/** Up to two initials from the name's first words ("Amazon Ads" -> "AA"); "?" when none. */
export function logoInitials(name: string): string {
	const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
	const initials = words
		.slice(0, 2)
		.map((word) => Array.from(word)[0]!.toLocaleUpperCase('en'))
		.join('');
	return initials || '?';
}

/** The tile's Tailwind colour classes for a name (a stable pick from a few soft tints). */
export function logoTint(name: string): string {
	let hash = 0;
	for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
	return TINTS[hash % TINTS.length]!;
}
