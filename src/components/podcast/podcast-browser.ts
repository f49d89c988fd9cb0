/**
 * The /podcast filters without React: search (sent once typing pauses, or at once with
 * Enter) with clear, sort, order (shown once a sort other than Latest First is chosen), removable
 * chips and Clear all, with loading, empty and error states. It asks GET /api/podcasts
 * and renders the answer from PodcastBrowser.astro's templates, so the markup of a card, the
 * empty text and the error panel stays in their server components.
 */
import { episodePath } from '@/lib/public-paths';
import { failureText } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { SEARCH_DEBOUNCE_MS } from '@/lib/search-debounce';
import { showRelativeTimes } from '@/components/content/relative-time';
import {
	DEFAULT_EPISODE_FILTERS,
	EPISODE_SORT_LABELS,
	episodeImage,
	episodeListUrl,
	episodeParts,
	episodeTexts,
	fetchEpisodes,
	playerLabel,
	type EpisodeField,
	type EpisodeFilters,
	type EpisodePart,
	type EpisodeSort,
	type EpisodeSummary,
} from './episode';
import type { FilterChipName } from './PodcastFilters';

type TemplateName = 'list' | 'empty' | 'no-results' | 'error';

function fromTemplate(root: HTMLElement, name: TemplateName): HTMLElement {
	const template = root.querySelector<HTMLTemplateElement>(`template[data-template="${name}"]`)!;
	return template.content.firstElementChild!.cloneNode(true) as HTMLElement;
}

/** Turns a copy of the blank card (EpisodeCard without an episode) into this episode's card. */
function fillCard(card: HTMLElement, episode: EpisodeSummary): void {
	card.id = `episode-${episode.id}`;
	const has = episodeParts(episode);
	for (const part of card.querySelectorAll<HTMLElement>('[data-if]')) {
		if (!has[part.dataset.if as EpisodePart]) part.remove();
	}
	const text = episodeTexts(episode);
	for (const element of card.querySelectorAll<HTMLElement>('[data-field]')) {
		element.textContent = text[element.dataset.field as EpisodeField];
	}
	card.querySelector('img')!.src = episodeImage(episode);
	card.querySelector<HTMLAnchorElement>('[data-episode-link]')!.href = episodePath(episode.slug);
	if (has.playable) {
		card.querySelector<HTMLAnchorElement>('[data-listen]')!.href = episode.audioUrl;
		const player = card.querySelector('audio')!;
		player.src = episode.audioUrl;
		player.setAttribute('aria-label', playerLabel(episode));
	}
	const tags = card.querySelector('[data-if="tags"]');
	if (tags) {
		const blank = tags.firstElementChild!;
		tags.replaceChildren(
			...episode.tags.map((tag) => {
				const item = blank.cloneNode() as HTMLElement;
				item.textContent = tag;
				return item;
			}),
		);
	}
	// The age itself is written by showRelativeTimes, as on the generated page.
	const time = card.querySelector('time')!;
	const published = new Date(episode.publishedAt);
	time.dateTime = published.toISOString();
	time.title = formatDate(published);
}

/** What a search that found nothing shows: the search named, and a button that clears it. */
function noResults(root: HTMLElement, search: string, clear: () => void): HTMLElement {
	const panel = fromTemplate(root, 'no-results');
	panel.querySelector('[data-no-results-query]')!.textContent = search;
	panel.querySelector('[data-clear-search]')!.addEventListener('click', clear);
	return panel;
}

function episodeList(root: HTMLElement, episodes: EpisodeSummary[]): HTMLElement {
	if (episodes.length === 0) return fromTemplate(root, 'empty');
	const list = fromTemplate(root, 'list');
	const blank = list.firstElementChild!;
	list.replaceChildren(
		...episodes.map((episode) => {
			const item = blank.cloneNode(true) as HTMLElement;
			fillCard(item.querySelector('article')!, episode);
			return item;
		}),
	);
	showRelativeTimes(list);
	return list;
}

/** Wires PodcastBrowser.astro's markup (`root`). */
export function initPodcastBrowser(root: HTMLElement): void {
	const form = root.querySelector('form')!;
	const search = root.querySelector<HTMLInputElement>('#podcast-search')!;
	const clearSearch = root.querySelector<HTMLButtonElement>('#podcast-search + button')!;
	const sort = root.querySelector<HTMLSelectElement>('#podcast-sort')!;
	const order = root.querySelector<HTMLSelectElement>('#podcast-order')!;
	const activeFilters = root.querySelector<HTMLElement>('[data-active-filters]')!;
	const chips: Record<FilterChipName, HTMLElement> = {
		search: root.querySelector('[data-chip="search"]')!,
		sort: root.querySelector('[data-chip="sort"]')!,
	};
	const status = root.querySelector<HTMLElement>('[data-status]')!;
	const results = root.querySelector<HTMLElement>('[data-results]')!;

	/** The search sent (the box may hold newer text while typing pauses). */
	let appliedSearch = search.value;
	let typing: ReturnType<typeof setTimeout> | undefined;
	/** The list on screen, or on its way: the server rendered the default one. */
	let shownUrl = episodeListUrl(DEFAULT_EPISODE_FILTERS);
	let lastRequest = 0;

	const filters = (): EpisodeFilters => ({
		search: appliedSearch,
		sortBy: sort.value as EpisodeSort,
		sortOrder: order.value === 'asc' ? 'asc' : 'desc',
	});

	function showChip(name: FilterChipName, label: string | null): void {
		chips[name].hidden = label === null;
		chips[name].querySelector('[data-chip-label]')!.textContent = label;
	}

	const showClearSearch = () => {
		clearSearch.hidden = search.value === '';
	};

	function showFilters({ search: text, sortBy, sortOrder }: EpisodeFilters): void {
		const term = text.trim();
		showClearSearch();
		// FilterSelect's wrapper holds the label and the select.
		order.parentElement!.hidden = sortBy === '';
		showChip('search', term ? `Search: "${term}"` : null);
		showChip(
			'sort',
			sortBy ? `Sort: ${EPISODE_SORT_LABELS[sortBy]} (${sortOrder === 'asc' ? 'A-Z' : 'Z-A'})` : null,
		);
		activeFilters.hidden = !term && !sortBy;
	}

	function showLoading(loading: boolean): void {
		results.classList.toggle('opacity-60', loading);
		if (loading) {
			results.setAttribute('aria-busy', 'true');
			status.textContent = 'Loading...';
		} else {
			results.removeAttribute('aria-busy');
		}
	}

	/** Shows the current filters and, when they ask for another list (or a retry), loads it. */
	async function update(retry = false): Promise<void> {
		const current = filters();
		showFilters(current);
		const url = episodeListUrl(current);
		if (url === shownUrl && !retry) return;
		shownUrl = url;
		const request = ++lastRequest;
		showLoading(true);
		try {
			const episodes = await fetchEpisodes(current);
			if (request !== lastRequest) return;
			const term = current.search.trim();
			results.replaceChildren(
				episodes.length === 0 && term ? noResults(root, term, removeSearch) : episodeList(root, episodes),
			);
			status.textContent = `${episodes.length} episodes shown`;
		} catch (error) {
			if (request !== lastRequest) return;
			const panel = fromTemplate(root, 'error');
			panel.querySelector('[data-message]')!.textContent = failureText(error, 'Please try again.');
			panel.querySelector('button')!.addEventListener('click', () => void update(true));
			results.replaceChildren(panel);
			status.textContent = '';
		} finally {
			if (request === lastRequest) showLoading(false);
		}
	}

	const applySearch = () => {
		clearTimeout(typing);
		appliedSearch = search.value;
		void update();
	};
	const resetSearch = () => {
		clearTimeout(typing);
		search.value = appliedSearch = DEFAULT_EPISODE_FILTERS.search;
	};
	const resetSort = () => {
		sort.value = DEFAULT_EPISODE_FILTERS.sortBy;
		order.value = DEFAULT_EPISODE_FILTERS.sortOrder;
	};
	// A button that removes itself hands the focus to the control it reset.
	const removeSearch = () => {
		resetSearch();
		void update();
		search.focus();
	};

	search.addEventListener('input', () => {
		showClearSearch();
		clearTimeout(typing);
		typing = setTimeout(applySearch, SEARCH_DEBOUNCE_MS);
	});
	form.addEventListener('submit', (event) => {
		event.preventDefault();
		applySearch();
	});
	clearSearch.addEventListener('click', removeSearch);
	sort.addEventListener('change', () => {
		// A newly chosen sort starts descending.
		order.value = DEFAULT_EPISODE_FILTERS.sortOrder;
		void update();
	});
	order.addEventListener('change', () => void update());
	chips.search.querySelector('button')!.addEventListener('click', removeSearch);
	chips.sort.querySelector('button')!.addEventListener('click', () => {
		resetSort();
		void update();
		sort.focus();
	});
	root.querySelector('[data-clear-all]')!.addEventListener('click', () => {
		resetSearch();
		resetSort();
		void update();
		search.focus();
	});

	// Controls the browser restored (back and forward) count as chosen: show and load them.
	void update();
}
