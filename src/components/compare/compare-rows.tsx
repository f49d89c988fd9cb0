/**
 * The comparison's rows: what each shows, and the value compared across the
 * chosen platforms to mark rows that differ. Logo and website identify a platform rather than
 * describe it, so they are never marked.
 */
import { useState, type ReactNode } from 'react';
import { formatRating } from '@/lib/format';
import { PlatformLogo } from '@/components/platforms/PlatformLogo';
import { RatingLine } from '@/components/platforms/RatingLine';
import { reviewsLabel } from '@/components/platforms/stars';
import type { Platform } from '@/components/platforms/types';
import { websiteHref, websiteLabel } from '@/components/platforms/website';
import { LineIcon } from '@/components/ui/LineIcon';

/** What the comparison shows of a platform (the page's server render carries only this). */
export type ComparePlatform = Pick<
	Platform,
	| 'id'
	| 'slug'
	| 'name'
	| 'logo'
	| 'rating'
	| 'score'
	| 'reviewCount'
	| 'category'
	| 'isRecommended'
	| 'websiteUrl'
	| 'pricing'
	| 'pros'
	| 'cons'
	| 'features'
>;

/** Only what the comparison shows, from a whole platform (the page carries every platform). */
export function compareData(platform: ComparePlatform): ComparePlatform {
	const { id, slug, name, logo, rating, score, reviewCount, category, isRecommended, websiteUrl } = platform;
	const { pricing, pros, cons, features } = platform;
	return {
		id,
		slug,
		name,
		logo,
		rating,
		score,
		reviewCount,
		category,
		isRecommended,
		websiteUrl,
		pricing,
		pros,
		cons,
		features,
	};
}

export const COMPARE_LIMITS = { pros: 3, cons: 2, features: 5 } as const;

export type CompareRow = {
	key: string;
	label: string;
	render: (platform: ComparePlatform) => ReactNode;
	/** Compared across platforms; rows without it are never marked as differing. */
	value?: (platform: ComparePlatform) => string;
};

/**
 * The first `max` items, then '+N more', a button that shows the rest in place (and 'Show
 * fewer' to fold them again).
 */
function ShortList({ items, max, more }: { items: string[]; max: number; more: (hidden: number) => string }) {
	const [expanded, setExpanded] = useState(false);
	if (items.length === 0) return <span className="text-muted">None listed</span>;
	const hidden = items.length - max;
	return (
		<ul className="grid gap-1.5">
			{(expanded ? items : items.slice(0, max)).map((item) => (
				<li key={item} className="flex gap-2">
					<span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-slate-400" />
					<span>{item}</span>
				</li>
			))}
			{hidden > 0 && (
				<li>
					<button
						type="button"
						aria-expanded={expanded}
						onClick={() => setExpanded(!expanded)}
						className="rounded text-xs font-medium text-brand-700 underline-offset-4 hover:underline"
					>
						{expanded ? 'Show fewer' : more(hidden)}
					</button>
				</li>
			)}
		</ul>
	);
}

const listValue = (items: string[]) => JSON.stringify(items);

export const COMPARE_ROWS: CompareRow[] = [
	{
		key: 'logo',
		label: 'Logo',
		render: (platform) => <PlatformLogo logo={platform.logo} alt={`${platform.name} logo`} />,
	},
	{
		key: 'rating',
		label: 'Rating',
		value: (platform) => formatRating(platform.rating),
		render: (platform) => (
			<RatingLine
				rating={platform.rating}
				reviewCount={platform.reviewCount}
				withCount={false}
				ratingClassName="font-semibold"
				className="flex-nowrap"
			/>
		),
	},
	{
		key: 'score',
		label: 'Score',
		value: (platform) => (platform.reviewCount === 0 ? 'No reviews' : formatRating(platform.score)),
		render: (platform) =>
			platform.reviewCount === 0 ? (
				'No reviews'
			) : (
				<span>
					<span className="font-semibold">{formatRating(platform.score)}</span>{' '}
					<a href="/methodology" className="text-xs text-brand-800 underline">
						weighted
					</a>
				</span>
			),
	},
	{
		key: 'reviews',
		label: 'Reviews',
		value: (platform) => String(platform.reviewCount),
		render: (platform) => reviewsLabel(platform.reviewCount),
	},
	{
		key: 'category',
		label: 'Category',
		value: (platform) => platform.category,
		render: (platform) => platform.category,
	},
	{
		key: 'recommended',
		label: 'Recommended',
		value: (platform) => String(platform.isRecommended),
		render: (platform) =>
			platform.isRecommended ? (
				<span className="inline-flex items-center gap-1.5 font-medium text-emerald-800">
					<LineIcon className="size-5" strokeWidth={2.5}>
						<path d="M20 6 9 17l-5-5" />
					</LineIcon>
					Yes
				</span>
			) : (
				<span className="text-muted">No</span>
			),
	},
	{
		key: 'website',
		label: 'Website',
		render: (platform) => {
			const href = websiteHref(platform.websiteUrl);
			if (!href) return <span className="text-muted">Not listed</span>;
			return (
				<a
					href={href}
					target="_blank"
					rel="noopener noreferrer"
					className="font-medium wrap-anywhere text-brand-700 underline-offset-4 hover:underline"
				>
					{websiteLabel(href)}
					<span className="sr-only"> (opens in a new tab)</span>
				</a>
			);
		},
	},
	{
		key: 'pricing',
		label: 'Pricing',
		value: (platform) => platform.pricing,
		render: (platform) => platform.pricing,
	},
	{
		key: 'pros',
		label: 'Pros',
		value: (platform) => listValue(platform.pros),
		render: (platform) => (
			<ShortList items={platform.pros} max={COMPARE_LIMITS.pros} more={(hidden) => `+${hidden} more`} />
		),
	},
	{
		key: 'cons',
		label: 'Cons',
		value: (platform) => listValue(platform.cons),
		render: (platform) => (
			<ShortList items={platform.cons} max={COMPARE_LIMITS.cons} more={(hidden) => `+${hidden} more`} />
		),
	},
	{
		key: 'features',
		label: 'Features',
		value: (platform) => listValue(platform.features),
		render: (platform) => (
			<ShortList
				items={platform.features}
				max={COMPARE_LIMITS.features}
				more={(hidden) => `+${hidden} more features`}
			/>
		),
	},
];

/** True when at least two platforms are chosen and they do not all show the same value. */
export function rowDiffers(row: CompareRow, platforms: readonly ComparePlatform[]): boolean {
	if (!row.value || platforms.length < 2) return false;
	return new Set(platforms.map(row.value)).size > 1;
}
