import { platformPath } from '@/lib/public-paths';
import { CompareLink } from './CompareLink';
import { FeatureBadges } from './FeatureBadges';
import { PlatformLogo } from './PlatformLogo';
import { RatingLine } from './RatingLine';
import { RecommendedBadge } from './RecommendedBadge';
import type { PlatformCardData } from './types';

/** A card shows 3 feature badges plus '+N more', so cards keep one height. */
export const CARD_FEATURES = 3;

/** The card's fields alone, so the island's props in the static HTML stay small. */
export function cardData(platform: PlatformCardData): PlatformCardData {
	const { id, slug, name, logo, category, description, features, isRecommended, rating, reviewCount } =
		platform;
	return { id, slug, name, logo, category, description, features, isRecommended, rating, reviewCount };
}

/**
 * A directory card. The name's link stretches over the whole card (one link, one tab stop);
 * the Compare link sits above it.
 */
export function PlatformCard({ platform }: { platform: PlatformCardData }) {
	return (
		<article
			data-platform-card={platform.id}
			className="relative flex h-full flex-col rounded-xl border border-border bg-surface p-5 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md"
		>
			<div className="flex items-start gap-3">
				<PlatformLogo logo={platform.logo} alt="" />
				<div className="min-w-0 flex-1">
					<h2 className="text-base font-semibold leading-snug text-ink">
						<a
							href={platformPath(platform.slug)}
							className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
						>
							{platform.name}
						</a>
					</h2>
					<p className="text-sm text-muted">{platform.category}</p>
				</div>
			</div>
			{platform.isRecommended && <RecommendedBadge className="mt-3 self-start" />}
			<RatingLine rating={platform.rating} reviewCount={platform.reviewCount} className="mt-3 text-sm" />
			<p className="mt-3 line-clamp-3 text-sm leading-6 text-slate-700">{platform.description}</p>
			<FeatureBadges features={platform.features} max={CARD_FEATURES} className="mt-4" />
			<div className="mt-auto flex items-center justify-between gap-3 pt-5">
				<span className="text-sm font-medium text-brand-700" aria-hidden="true">
					View details →
				</span>
				<CompareLink id={platform.id} name={platform.name} />
			</div>
		</article>
	);
}
