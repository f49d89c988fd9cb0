import { cn } from '@/lib/class-names';

export type FeatureBadgesProps = {
	features: readonly string[];
	/** How many badges to show before the '+N more' badge; all when omitted. */
	max?: number;
	className?: string;
};

/** Feature badges: a card shows 3, plus a '+N more' badge for the rest. */
export function FeatureBadges({ features, max = features.length, className }: FeatureBadgesProps) {
	const shown = features.slice(0, max);
	const hidden = features.length - shown.length;
	if (features.length === 0) return null;
	return (
		<ul className={cn('flex flex-wrap gap-1.5', className)} aria-label="Features">
			{shown.map((feature) => (
				<li
					key={feature}
					className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800"
				>
					{feature}
				</li>
			))}
			{hidden > 0 && (
				<li className="rounded-full border border-border px-2.5 py-0.5 text-xs font-medium text-muted">
					+{hidden} more
				</li>
			)}
		</ul>
	);
}
