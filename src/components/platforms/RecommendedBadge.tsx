import { cn } from '@/lib/class-names';
import { LineIcon } from '@/components/ui/LineIcon';

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
			<LineIcon className="size-3.5">
				<circle cx="12" cy="8" r="6" />
				<path d="M15.5 13 17 22l-5-3-5 3 1.5-9" />
			</LineIcon>
			Recommended
		</span>
	);
}
