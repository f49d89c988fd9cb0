/** Joins class names, skipping falsy ones (no tailwind-merge: callers append, they don't override). */
export function cn(...classes: Array<string | false | null | undefined>): string {
	return classes.filter(Boolean).join(' ');
}
