/**
 * A podcast episode card, rendered on the server only (no hydration): in the
 * page's list, and once more, blank, as the <template> that /podcast's script (podcast-browser.ts)
 * clones and fills for the lists it fetches, so the card's markup lives here alone. The script
 * writes each `data-field` element's text and removes each `data-if` part the episode lacks,
 * with the same episodeTexts() and episodeParts() the server uses. Each card plays its episode in
 * the page (the browser's own audio controls, which load nothing until played) and keeps Listen
 * Now, a link opening the audio in a new window; both work in the static HTML without any script.
 * With the pages' episode-players script, Listen Now plays the card's player instead.
 */
import type { ReactNode } from 'react';
import { CardImage } from '@/components/content/CardImage';
import { TagList } from '@/components/content/TagList';
import { TimeAgo } from '@/components/content/TimeAgo';
import { buttonClasses } from '@/components/ui/button-classes';
import { episodePath } from '@/lib/public-paths';
import {
	episodeImage,
	episodeParts,
	episodeTexts,
	playerLabel,
	type EpisodeField,
	type EpisodePart,
	type EpisodeSummary,
} from './episode';

export type EpisodeCardProps = {
	/** Absent: the blank template, with every optional part present. */
	episode?: EpisodeSummary;
	eagerImage?: boolean;
	/** On the episode's own page: its title is the page's heading, not a link to it. */
	standalone?: boolean;
};

/**
 * The template's stand-in: an image, an author, a tag and a playable episode (the disabled
 * Listen Now is added for the template too). The script overwrites every value; 'data:,' is an
 * empty image, never loaded inside a <template>.
 */
const TEMPLATE_EPISODE: EpisodeSummary = {
	id: 0,
	slug: '',
	title: '',
	description: '',
	imageUrl: 'data:,',
	audioUrl: '#',
	audioBytes: null,
	audioType: null,
	duration: 0,
	episodeNumber: 0,
	seasonNumber: 1,
	publishedAt: new Date(0),
	tags: [''],
	isPublished: true,
	publishAt: null,
	updatedAt: new Date(0),
	metaTitle: null,
	metaDescription: null,
	author: { username: '', name: '' },
};

const field = (name: EpisodeField) => ({ 'data-field': name });
const hook = (name: EpisodePart) => ({ 'data-if': name });

/** A thumbnail beside the title on phones; a full-height cover on wider screens. */
const IMAGE_CLASSES =
	'aspect-square w-full self-start rounded-lg sm:row-span-2 sm:h-full sm:min-h-48 sm:self-stretch sm:rounded-none';

export function EpisodeCard({ episode, eagerImage, standalone = false }: EpisodeCardProps) {
	const all = episode === undefined;
	const shown = episode ?? TEMPLATE_EPISODE;
	const has = episodeParts(shown);
	const show = (name: EpisodePart) => all || has[name];
	const text = episodeTexts(shown);
	const image = { width: 320, height: 320, eager: eagerImage, className: IMAGE_CLASSES };
	return (
		<article
			id={`episode-${shown.id}`}
			className="grid scroll-mt-24 grid-cols-[5.5rem_minmax(0,1fr)] gap-x-4 gap-y-3 overflow-hidden rounded-xl border border-border bg-surface p-4 shadow-sm sm:grid-cols-[12rem_minmax(0,1fr)] sm:grid-rows-[auto_1fr] sm:gap-0 sm:p-0 lg:grid-cols-[14rem_minmax(0,1fr)]"
		>
			<CardImage src={episodeImage(shown)} {...image} />
			<div className="flex flex-col items-start gap-2 sm:px-6 sm:pt-6">
				<span
					className="inline-flex items-center rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-600/20 ring-inset"
					{...field('badge')}
				>
					{text.badge}
				</span>
				{standalone ? (
					<h1 className="text-2xl leading-snug font-bold tracking-tight text-ink sm:text-3xl">
						{text.title}
					</h1>
				) : (
					<h3 className="text-lg leading-snug font-semibold text-ink sm:text-xl">
						<a
							href={episodePath(shown.slug)}
							className="underline-offset-4 hover:text-brand-700 hover:underline"
							data-episode-link
							{...field('title')}
						>
							{text.title}
						</a>
					</h3>
				)}
			</div>
			<div className="col-span-2 flex flex-col gap-3 sm:col-span-1 sm:col-start-2 sm:px-6 sm:pt-3 sm:pb-6">
				<p className="text-sm leading-6 text-muted" {...field('description')}>
					{text.description}
				</p>
				<p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
					{show('author') && (
						<>
							<span className="font-medium text-slate-700" {...hook('author')} {...field('author')}>
								{text.author}
							</span>
							<span aria-hidden="true" {...hook('author')}>
								·
							</span>
						</>
					)}
					<TimeAgo value={shown.publishedAt} />
					<span aria-hidden="true">·</span>
					<span>
						<span className="sr-only">Duration: </span>
						<span {...field('duration')}>{text.duration}</span>
					</span>
				</p>
				<div className="mt-auto flex flex-col gap-3 pt-1">
					{show('tags') && <TagList tags={shown.tags} {...hook('tags')} />}
					{show('playable') && (
						<div className="flex flex-wrap items-center gap-3" {...hook('playable')}>
							{/* biome-ignore lint/a11y/useMediaCaption: the episodes come with no caption file to point a <track> at */}
							<audio
								controls
								preload="none"
								src={shown.audioUrl}
								aria-label={playerLabel(shown)}
								className="h-10 w-full min-w-0 sm:w-auto sm:max-w-md sm:flex-1"
							/>
							<a
								href={shown.audioUrl}
								target="_blank"
								rel="noopener noreferrer"
								className={buttonClasses({ size: 'sm' })}
								data-listen
							>
								<svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
									<path d="M6.3 2.84A1.5 1.5 0 0 0 4 4.11v11.78a1.5 1.5 0 0 0 2.3 1.27l9.34-5.89a1.5 1.5 0 0 0 0-2.54L6.3 2.84Z" />
								</svg>
								Listen Now
								<span className="sr-only">
									: <span {...field('title')}>{text.title}</span>
									<span data-listen-hint> (opens in a new window)</span>
								</span>
							</a>
						</div>
					)}
					{show('not-playable') && (
						<span
							className={buttonClasses({ size: 'sm', className: 'self-start opacity-50' })}
							aria-disabled="true"
							{...hook('not-playable')}
						>
							Listen Now
						</span>
					)}
				</div>
			</div>
		</article>
	);
}

function EpisodeItems({ children }: { children: ReactNode }) {
	return (
		// biome-ignore lint/a11y/noRedundantRoles: Tailwind's preflight sets list-style: none, on which Safari drops the list role; the explicit role keeps it
		<ul role="list" className="grid gap-6">
			{children}
		</ul>
	);
}

/** The episode list, or the empty-list text. */
export function EpisodeList({ episodes }: { episodes: EpisodeSummary[] }) {
	if (episodes.length === 0) return <NoEpisodes />;
	return (
		<EpisodeItems>
			{episodes.map((episode, index) => (
				<li key={episode.id}>
					<EpisodeCard episode={episode} eagerImage={index < 2} />
				</li>
			))}
		</EpisodeItems>
	);
}

/** The list as the page script clones it: one blank card, whose <li> it repeats per episode. */
export function EpisodeListTemplate() {
	return (
		<EpisodeItems>
			<li>
				<EpisodeCard />
			</li>
		</EpisodeItems>
	);
}

/** The list's text when there are no episodes at all (a search that found none: NoResults). */
export function NoEpisodes() {
	return (
		<p className="rounded-xl border border-dashed border-slate-300 bg-surface px-6 py-12 text-center text-muted">
			No podcast episodes available at the moment.
		</p>
	);
}
