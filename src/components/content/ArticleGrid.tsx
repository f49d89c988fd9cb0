import { ArticleCard } from './ArticleCard';
import type { ArticleKind } from '@/lib/column-values';
import type { ArticleSummary } from './article-summary';

export type ArticleGridProps = {
	kind: ArticleKind;
	articles: ArticleSummary[];
	/** The section's text for an empty list. */
	emptyText: string;
	now?: number;
	/** How many leading cards load their image at once (the ones likely above the fold). */
	eagerImages?: number;
};

/** A section's cards, or its empty text; shared by the generated page and the filter islands. */
export function ArticleGrid({ kind, articles, emptyText, now, eagerImages = 0 }: ArticleGridProps) {
	if (articles.length === 0) {
		return (
			<p className="rounded-xl border border-dashed border-slate-300 bg-surface px-6 py-12 text-center text-muted">
				{emptyText}
			</p>
		);
	}
	return (
		// biome-ignore lint/a11y/noRedundantRoles: Tailwind's preflight sets list-style: none, on which Safari drops the list role; the explicit role keeps it
		<ul role="list" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
			{articles.map((article, index) => (
				<li key={article.id} className="flex">
					<ArticleCard kind={kind} article={article} now={now} eagerImage={index < eagerImages} />
				</li>
			))}
		</ul>
	);
}
