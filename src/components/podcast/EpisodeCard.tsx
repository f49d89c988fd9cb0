/**
 * A podcast episode card (SPEC 2 /podcast): one component for the generated page (no hydration)
 * and the filter island. Listen Now is a link opening the audio in a new window, so it works in
 * the static HTML before (or without) any script.
 */
import { formatDuration } from '../../lib/format';
import { isSafeUrl } from '../../lib/safe-url';
import { CardImage } from '../content/CardImage';
import { TagList } from '../content/TagList';
import { TimeAgo } from '../content/TimeAgo';
import { buttonClasses } from '../ui/button-classes';
import { episodeBadge, type EpisodeSummary } from './episode';

export type EpisodeCardProps = {
	episode: EpisodeSummary;
	/** See TimeAgo: absent in generated HTML, Date.now() in the island. */
	now?: number;
	eagerImage?: boolean;
};

export function EpisodeCard({ episode, now, eagerImage }: EpisodeCardProps) {
	const playable = isSafeUrl(episode.audioUrl);
	return (
		<article
			id={`episode-${episode.id}`}
			className="grid scroll-mt-24 grid-cols-[5.5rem_minmax(0,1fr)] gap-x-4 gap-y-3 overflow-hidden rounded-xl border border-border bg-surface p-4 shadow-sm sm:grid-cols-[12rem_minmax(0,1fr)] sm:grid-rows-[auto_1fr] sm:gap-0 sm:p-0 lg:grid-cols-[14rem_minmax(0,1fr)]"
		>
			{/* A thumbnail beside the title on phones; a full-height cover on wider screens. */}
			<CardImage
				src={episode.imageUrl}
				width={320}
				height={320}
				eager={eagerImage}
				className="aspect-square w-full self-start rounded-lg sm:row-span-2 sm:h-full sm:min-h-48 sm:self-stretch sm:rounded-none"
			/>
			<div className="flex flex-col items-start gap-2 sm:px-6 sm:pt-6">
				<span className="inline-flex items-center rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-600/20 ring-inset">
					{episodeBadge(episode)}
				</span>
				<h3 className="text-lg leading-snug font-semibold text-ink sm:text-xl">{episode.title}</h3>
			</div>
			<div className="col-span-2 flex flex-col gap-3 sm:col-span-1 sm:col-start-2 sm:px-6 sm:pt-3 sm:pb-6">
				<p className="text-sm leading-6 text-muted">{episode.description}</p>
				<p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
					{episode.author && (
						<>
							<span className="font-medium text-slate-700">{episode.author.username}</span>
							<span aria-hidden="true">·</span>
						</>
					)}
					<TimeAgo value={episode.publishedAt} now={now} />
					<span aria-hidden="true">·</span>
					<span>
						<span className="sr-only">Duration: </span>
						{formatDuration(episode.duration)}
					</span>
				</p>
				<div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-1">
					<TagList tags={episode.tags} />
					{playable ? (
						<a
							href={episode.audioUrl}
							target="_blank"
							rel="noopener noreferrer"
							className={buttonClasses({ size: 'sm' })}
						>
							<svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
								<path d="M6.3 2.84A1.5 1.5 0 0 0 4 4.11v11.78a1.5 1.5 0 0 0 2.3 1.27l9.34-5.89a1.5 1.5 0 0 0 0-2.54L6.3 2.84Z" />
							</svg>
							Listen Now
							<span className="sr-only">: {episode.title} (opens in a new window)</span>
						</a>
					) : (
						<span className={buttonClasses({ size: 'sm', className: 'opacity-50' })} aria-disabled="true">
							Listen Now
						</span>
					)}
				</div>
			</div>
		</article>
	);
}

/** The episode list, or the SPEC's empty text. */
export function EpisodeList({ episodes, now }: { episodes: EpisodeSummary[]; now?: number }) {
	if (episodes.length === 0) {
		return (
			<p className="rounded-xl border border-dashed border-slate-300 bg-surface px-6 py-12 text-center text-muted">
				No podcast episodes available at the moment.
			</p>
		);
	}
	return (
		<ul role="list" className="grid gap-6">
			{episodes.map((episode, index) => (
				<li key={episode.id}>
					<EpisodeCard episode={episode} now={now} eagerImage={index < 2} />
				</li>
			))}
		</ul>
	);
}
