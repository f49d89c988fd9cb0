/**
 * Display formats (relative ages, dates, durations, ratings), shared by pages and islands (no dependencies).
 */
const MINUTE = 60_000;

/** '5 minutes ago', '3 hours ago', '2 days ago' (under 60 min, under 1440 min, else days). */
export function relativeTime(value: Date | string | number, now: number = Date.now()): string {
	const minutes = Math.max(0, Math.floor((now - new Date(value).getTime()) / MINUTE));
	if (minutes < 60)
		return minutes <= 1 ? (minutes === 0 ? 'just now' : '1 minute ago') : `${minutes} minutes ago`;
	const hours = Math.floor(minutes / 60);
	if (minutes < 1440) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
	const days = Math.floor(minutes / 1440);
	return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** Podcast duration from minutes: 'Xh Ym' from an hour up, else 'Xm'. */
export function formatDuration(minutes: number): string {
	const whole = Math.max(0, Math.round(minutes));
	const hours = Math.floor(whole / 60);
	const rest = whole % 60;
	return hours > 0 ? `${hours}h ${rest}m` : `${rest}m`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Dashboard dates, 'MMM dd, yyyy' (e.g. 'Mar 05, 2026'), in UTC so server and browser agree. */
export function formatDate(value: Date | string | number): string {
	const date = new Date(value);
	const day = String(date.getUTCDate()).padStart(2, '0');
	return `${MONTHS[date.getUTCMonth()]} ${day}, ${date.getUTCFullYear()}`;
}

/** A 'YYYY-MM' month as 'Nov 2026'. */
export function formatMonth(month: string): string {
	const [year, number] = month.split('-');
	return `${MONTHS[Number(number) - 1]} ${year}`;
}

/** Date and time for moderation lists: 'Mar 05, 2026, 14:30' (UTC). */
export function formatDateTime(value: Date | string | number): string {
	const date = new Date(value);
	const time = `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
	return `${formatDate(date)}, ${time} UTC`;
}

// Kept in avatar.ts so the header script, on every page, does not carry the date formats.
export { avatarColor, avatarInitial } from './avatar';

/** Rating with one decimal, e.g. 4 -> '4.0'. */
export function formatRating(rating: number): string {
	return (Math.round(rating * 10) / 10).toFixed(1);
}
