import { useEffect, useMemo, useState } from 'react';
import {
	$compareIds,
	MAX_COMPARE,
	compareQuery,
	normalizeCompareIds,
	setCompareIds,
} from '@/stores/compare';
import { buttonClasses } from '@/components/ui/button-classes';
import { SpinnerIcon } from '@/components/ui/Spinner';
import { CompareTable } from './CompareTable';
import type { ComparePlatform } from './compare-rows';
import { PlatformPicker } from './PlatformPicker';

/**
 * Every state below the picker is at least this tall, so the state the island settles on (empty,
 * or a table) never moves what follows it: the footer starts below the fold of a phone or a
 * laptop while the selection is read, and does not jump up or down once it is (layout shift).
 */
const SETTLED_MIN_HEIGHT = 'min-h-[70svh]';

/**
 * The empty state and, with a loading line in place of its heading, what shows until
 * the selection is read: one box, so the text read first stays where it is, whichever state
 * follows.
 */
function SelectionPrompt({ pending }: { pending: boolean }) {
	return (
		<div
			className={`grid content-center justify-items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-surface px-6 py-16 text-center ${SETTLED_MIN_HEIGHT}`}
		>
			{/* Both lines are h-7 (text-xl's line height), so nothing below moves when one replaces the other. */}
			{pending ? (
				<p role="status" className="flex h-7 items-center gap-2 text-muted">
					<SpinnerIcon className="size-5 text-primary" />
					Loading the comparison...
				</p>
			) : (
				<h2 className="h-7 text-xl font-semibold text-ink">No platforms selected</h2>
			)}
			<p className="max-w-md text-muted">
				Select up to {MAX_COMPARE} platforms to compare them side by side: choose from the list
				above or use the Compare button on any platform.
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
};

/**
 * The /compare island: everything that depends on the query. The URL's
 * `platforms=1,2,3` is the selection (unknown ids are dropped); without it the tab's last
 * selection is restored. Changes rewrite the URL in place (history.replaceState).
 * The page is the same static HTML for every query, so the server and the hydrating render show
 * the picker disabled and the prompt with a loading line; the selection is read right after
 * hydration (no request: the platforms come with the page).
 */
export default function CompareView({ platforms }: CompareViewProps) {
	const [ids, setIds] = useState<number[] | null>(null);

	useEffect(() => {
		const param = new URLSearchParams(window.location.search).get('platforms');
		const wanted: unknown[] = param === null ? $compareIds.get() : param.split(',');
		const known = new Set(platforms.map((platform) => String(platform.id)));
		// Unknown ids go before the limit of 4 is applied, so they never push a real one out.
		setIds(normalizeCompareIds(wanted.filter((id) => known.has(String(id).trim()))));
	}, [platforms]);

	// The selection goes to the store (for the listing's Compare buttons) and the URL.
	useEffect(() => {
		if (ids === null) return;
		setCompareIds(ids);
		const { pathname, hash } = window.location;
		window.history.replaceState(window.history.state, '', `${pathname}${compareQuery(ids)}${hash}`);
	}, [ids]);

	const byId = useMemo(() => new Map(platforms.map((platform) => [platform.id, platform])), [platforms]);
	const chosen = (ids ?? [])
		.map((id) => byId.get(id))
		.filter((platform): platform is ComparePlatform => platform !== undefined);
	const choices = useMemo(
		() =>
			platforms
				.filter((platform) => !ids?.includes(platform.id))
				.sort((a, b) => a.name.localeCompare(b.name)),
		[platforms, ids],
	);

	function remove(id: number) {
		setIds((current) => (current ?? []).filter((other) => other !== id));
		// The pressed button disappears with its column: keep keyboard focus on the picker.
		requestAnimationFrame(() => document.getElementById('compare-add')?.focus());
	}

	return (
		<div className="grid grid-cols-1 gap-6">
			<PlatformPicker
				choices={choices}
				chosenCount={chosen.length}
				pending={ids === null}
				onPick={(id) =>
					setIds((current) =>
						!current || current.includes(id) || current.length >= MAX_COMPARE
							? current
							: [...current, id],
					)
				}
			/>
			{ids === null || chosen.length === 0 ? (
				<SelectionPrompt pending={ids === null} />
			) : (
				<div className={`grid content-start gap-6 ${SETTLED_MIN_HEIGHT}`}>
					{chosen.length === 1 && (
						<p className="text-sm text-muted">Add another platform to see where they differ.</p>
					)}
					<CompareTable platforms={chosen} onRemove={remove} />
				</div>
			)}
		</div>
	);
}
