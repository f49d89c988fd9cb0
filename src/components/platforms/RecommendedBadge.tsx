import { cn } from '@/lib/class-names';

/**
 * The 'Recommended' badge of platforms flagged isRecommended. Several platforms carry the flag,
 * so it never claims a rank ('#1').
 */
export function RecommendedBadge({ className }: { className?: string }) {
	return (
		<span
			className={cn(
				'inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900',
				className,
			)}
		>
			<svg
				viewBox="0 0 24 24"
				className="size-3.5"
				fill="none"
				stroke="currentColor"
				strokeWidth="2"
				strokeLinecap="round"
				strokeLinejoin="round"
				aria-hidden="true"
			>
				<circle cx="12" cy="8" r="6" />
				<path d="M15.5 13 17 22l-5-3-5 3 1.5-9" />
			</svg>
			Recommended
		</span>
	);
}
