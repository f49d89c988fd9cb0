import { cn } from '@/lib/class-names';

export type TagListProps = {
	tags: string[];
	limit?: number;
	className?: string;
	/** Hooks for a page script (e.g. data-if on /podcast's card template). */
	[data: `data-${string}`]: string | undefined;
};

/** Card tags (at most 3 on a card; pass no limit to show them all). */
export function TagList({ tags, limit, className, ...data }: TagListProps) {
	const shown = limit === undefined ? tags : tags.slice(0, limit);
	if (shown.length === 0) return null;
	return (
		<ul className={cn('flex flex-wrap gap-1.5', className)} aria-label="Tags" {...data}>
			{shown.map((tag) => (
				<li key={tag} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
					{tag}
				</li>
			))}
		</ul>
	);
}
