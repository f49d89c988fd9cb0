/**
 * Generated pages are stored HTML, so an age written at generation time ("2 hours ago") would go
 * stale. They carry the absolute date in <time data-relative-time datetime>; this tiny module
 * (no React) turns each into its relative age when the page is shown, and when a page script
 * renders new ones (the /podcast list).
 */
import { relativeTime } from '@/lib/format';

/** Writes the age of every <time data-relative-time> under `root`, measured from `now`. */
export function showRelativeTimes(root: ParentNode = document, now: number = Date.now()): void {
	for (const time of root.querySelectorAll<HTMLTimeElement>('time[data-relative-time]')) {
		if (time.dateTime) time.textContent = relativeTime(time.dateTime, now);
	}
}
