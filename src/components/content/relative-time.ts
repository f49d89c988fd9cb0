/**
 * Generated pages are stored HTML, so an age written at generation time ("2 hours ago") would go
 * stale. They carry the absolute date in <time data-relative-time datetime>; this tiny script
 * (no React) turns each into its relative age when the page is shown.
 */
import { relativeTime } from '../../lib/format';

const now = Date.now();
for (const time of document.querySelectorAll<HTMLTimeElement>('time[data-relative-time]')) {
	if (time.dateTime) time.textContent = relativeTime(time.dateTime, now);
}
