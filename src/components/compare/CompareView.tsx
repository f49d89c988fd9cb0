import { useEffect, useMemo, useState } from 'react';
import {
	$compareIds,
	MAX_COMPARE,
	compareHrefRemoving,
	compareQuery,
	normalizeCompareIds,
	setCompareIds,
} from '@/stores/compare';
import { buttonClasses } from '@/components/ui/button-classes';
import { comparePath } from '@/lib/public-paths';
import { CompareTable } from './CompareTable';
import type { ComparePlatform } from './compare-rows';
import { PlatformPicker } from './PlatformPicker';

/**
 * Every state below the picker is at least this tall, so the state the island settles on (empty,
 * or a table) never moves what follows it: the footer starts below the fold of a phone or a
 * laptop while the selection is read, and does not jump up or down once it is (layout shift).
 */
const SETTLED_MIN_HEIGHT = 'min-h-[70svh]';

/** The empty state: one box as tall as a table's, so the footer does not jump (layout shift). */
function SelectionPrompt() {
	return (
		<div
			className={`grid content-center justify-items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-surface px-6 py-16 text-center ${SETTLED_MIN_HEIGHT}`}
		>
			<h2 className="h-7 text-xl font-semibold text-ink">No platforms selected</h2>
			<p className="max-w-md text-muted">
				Select up to {MAX_COMPARE} platforms to compare them side by side: choose from the list above or use
				the Compare button on any platform.
			</p>
			<a href="/platforms" className={buttonClasses()}>
				Browse Platforms
			</a>
		</div>
	);
}

export type CompareViewProps = {
	/** Every platform (the page is regenerated when one changes). */
	platforms: ComparePlatform[];
	/** Each platform's slug by id: a selection of two or more links to its own page. */
	slugs: Record<number, string>;
	/**
	 * The selection the address carries (compareIdsFromQuery), rendered by the server; null when
	 * the address names none: the server shows the empty state and the tab's last selection,
	 * if any, is restored after hydration (the page hydrates at once then).
	 */
	initialIds: number[] | null;
};

/**
 * The /compare island: everything that depends on the selection. The URL's `platforms=1,2,3`
 * is the selection, rendered by the server too, so a shared link reads right before (and
 * without) JavaScript; without it the tab's last selection is restored. Changes rewrite the URL
 * in place (history.replaceState). No request: the platforms come with the page.
 */
export default function CompareView({ platforms, slugs, initialIds }: CompareViewProps) {
	const [ids, setIds] = useState<number[]>(initialIds ?? []);
	const [settled, setSettled] = useState(false);

	useEffect(() => {
		const start = initialIds ?? $compareIds.get();
		const known = platforms.map((platform) => platform.id);
		setIds(normalizeCompareIds(start.filter((id) => known.includes(id))));
		setSettled(true);
	}, [platforms, initialIds]);

	// The selection goes to the store (for the listing's Compare buttons) and the URL.
	useEffect(() => {
		// Not before the effect above settled the selection (storage, early pick).
		if (!settled) return;
		setCompareIds(ids);
		const { pathname, hash } = window.location;
		window.history.replaceState(window.history.state, '', `${pathname}${compareQuery(ids)}${hash}`);
	}, [ids, settled]);

	const byId = useMemo(() => new Map(platforms.map((platform) => [platform.id, platform])), [platforms]);
	const chosen = ids
		.map((id) => byId.get(id))
		.filter((platform): platform is ComparePlatform => platform !== undefined);
	const choices = useMemo(
		() =>
			platforms.filter((platform) => !ids.includes(platform.id)).sort((a, b) => a.name.localeCompare(b.name)),
		[platforms, ids],
	);

	function remove(id: number) {
		setIds((current) => current.filter((other) => other !== id));
		// The pressed button disappears with its column: keep keyboard focus on the picker.
		requestAnimationFrame(() => document.getElementById('compare-add')?.focus());
	}

	return (
		<div className="grid grid-cols-1 gap-6">
			<PlatformPicker
				choices={choices}
				chosenIds={chosen.map((platform) => platform.id)}
				onPick={(id) =>
					setIds((current) =>
						current.includes(id) || current.length >= MAX_COMPARE ? current : [...current, id],
					)
				}
			/>
			{chosen.length === 0 ? (
				<SelectionPrompt />
			) : (
				<div className={`grid content-start gap-6 ${SETTLED_MIN_HEIGHT}`}>
					{chosen.length === 1 && (
						<p className="text-sm text-muted">Add another platform to see where they differ.</p>
					)}
					{chosen.length >= 2 && chosen.every((platform) => slugs[platform.id]) && (
						<p className="text-sm">
							<a
								href={comparePath(chosen.map((platform) => slugs[platform.id]!))}
								className="font-medium text-brand-700 underline-offset-4 hover:underline"
								data-testid="compare-page-link"
							>
								Open as a page: {chosen.map((platform) => platform.name).join(' vs ')}
							</a>
						</p>
					)}
					<CompareTable
						platforms={chosen}
						onRemove={remove}
						removeHref={(id) =>
							compareHrefRemoving(
								id,
								chosen.map((platform) => platform.id),
							)
						}
					/>
				</div>
			)}
		</div>
	);
}
