import { formatDate, relativeTime } from '@/lib/format';

export type TimeAgoProps = {
	value: string | Date;
	/**
	 * The moment to measure from. Generated HTML is rendered without it (a stored page may be read
	 * days later), so it shows the absolute date and relative-time.ts rewrites it on load;
	 * islands pass Date.now() and show the age directly.
	 */
	now?: number;
	className?: string;
};

/**
 * A publication date shown as a relative age (minutes, hours, then days), with the exact date in
 * datetime/title.
 */
export function TimeAgo({ value, now, className }: TimeAgoProps) {
	const date = new Date(value);
	return (
		<time
			dateTime={date.toISOString()}
			title={formatDate(date)}
			data-relative-time=""
			className={className}
			suppressHydrationWarning
		>
			{now === undefined ? formatDate(date) : relativeTime(date, now)}
		</time>
	);
}
