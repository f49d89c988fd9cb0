import { useEffect, useMemo, useState } from 'react';
import {
	$compareIds,
	MAX_COMPARE,
	compareQuery,
	normalizeCompareIds,
	setCompareIds,
} from '../../stores/compare';
import { buttonClasses } from '../ui/button-classes';
import { LoadError } from '../ui/LoadError';
import { Spinner } from '../ui/Spinner';
import { fetchAllPlatforms } from '../platforms/fetch-platforms';
import type { Platform } from '../platforms/types';
import { CompareTable } from './CompareTable';
import { PlatformPicker } from './PlatformPicker';

/**
 * The /compare island (SPEC 2): everything that depends on the query. The URL's
 * `platforms=1,2,3` is the selection (unknown ids are dropped); without it the tab's last
 * selection is restored. Changes rewrite the URL in place (history.replaceState).
 */
export default function CompareView() {
	const [platforms, setPlatforms] = useState<Platform[] | null>(null);
	const [ids, setIds] = useState<number[]>([]);
	const [failed, setFailed] = useState(false);
	const [attempt, setAttempt] = useState(0);

	useEffect(() => {
		let current = true;
		setFailed(false);
		fetchAllPlatforms().then(
			(list) => {
				if (!current) return;
				const param = new URLSearchParams(window.location.search).get('platforms');
				const wanted: unknown[] = param === null ? $compareIds.get() : param.split(',');
				const known = new Set(list.map((platform) => String(platform.id)));
				setPlatforms(list);
				// Unknown ids go before the limit of 4 is applied, so they never push a real one out.
				setIds(normalizeCompareIds(wanted.filter((id) => known.has(String(id).trim()))));
			},
			() => current && setFailed(true),
		);
		return () => {
			current = false;
		};
	}, [attempt]);

	// The selection goes to the store (for the listing's Compare buttons) and the URL.
	useEffect(() => {
		if (platforms === null) return;
		setCompareIds(ids);
		const { pathname, hash } = window.location;
		window.history.replaceState(window.history.state, '', `${pathname}${compareQuery(ids)}${hash}`);
	}, [platforms, ids]);

	const byId = useMemo(
		() => new Map((platforms ?? []).map((platform) => [platform.id, platform])),
		[platforms],
	);
	const chosen = ids
		.map((id) => byId.get(id))
		.filter((platform): platform is Platform => platform !== undefined);
	const choices = useMemo(
		() =>
			(platforms ?? [])
				.filter((platform) => !ids.includes(platform.id))
				.sort((a, b) => a.name.localeCompare(b.name)),
		[platforms, ids],
	);

	function remove(id: number) {
		setIds((current) => current.filter((other) => other !== id));
		// The pressed button disappears with its column: keep keyboard focus on the picker.
		requestAnimationFrame(() => document.getElementById('compare-add')?.focus());
	}

	if (failed) {
		return (
			<LoadError what="the platforms" message="Please try again." onRetry={() => setAttempt((n) => n + 1)} />
		);
	}
	if (platforms === null) return <Spinner label="Loading platforms..." />;

	return (
		<div className="grid grid-cols-1 gap-6">
			<PlatformPicker
				choices={choices}
				chosenCount={ids.length}
				onPick={(id) =>
					setIds((current) =>
						current.includes(id) || current.length >= MAX_COMPARE ? current : [...current, id],
					)
				}
			/>
			{chosen.length === 0 ? (
				<div className="grid justify-items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-surface px-6 py-16 text-center">
					<h2 className="text-xl font-semibold text-ink">No platforms selected</h2>
					<p className="max-w-md text-muted">
						Select up to {MAX_COMPARE} platforms to compare them side by side: choose from the list
						above or use the Compare button on any platform.
					</p>
					<a href="/platforms" className={buttonClasses()}>
						Browse Platforms
					</a>
				</div>
			) : (
				<>
					{chosen.length === 1 && (
						<p className="text-sm text-muted">Add another platform to see where they differ.</p>
					)}
					<CompareTable platforms={chosen} onRemove={remove} />
				</>
			)}
		</div>
	);
}
