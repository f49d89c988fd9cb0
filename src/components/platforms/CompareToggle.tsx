import { useEffect, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-classes';
import { $compareIds, MAX_COMPARE, addToCompare, compareHref, removeFromCompare } from '@/stores/compare';
import { toastCompareFull } from './compare-full';
import { LineIcon } from '@/components/ui/LineIcon';

/**
 * The platform page's Compare control: adds this platform to the tab's comparison or takes it
 * out again, and links to /compare with the current selection. The page is the same static
 * file for everyone: it shows nothing chosen, which is this tab's state unless it has a
 * selection, and then the island hydrates at once (client:interaction's `session` option).
 * A click before hydration is held and given again once the island runs; the handler reads
 * the store itself, so it acts on the tab's real selection even before the first effect ran.
 */
export function CompareToggle({ id, name }: { id: number; name: string }) {
	const [ids, setIds] = useState<readonly number[] | null>(null);
	const [announcement, setAnnouncement] = useState('');

	useEffect(() => $compareIds.subscribe((current) => setIds(current)), []);

	const chosen = ids?.includes(id) ?? false;
	const count = ids?.length ?? 0;

	function toggle() {
		if ($compareIds.get().includes(id)) {
			const next = removeFromCompare(id);
			setAnnouncement(`${name} removed from the comparison (${next.length} of ${MAX_COMPARE}).`);
			return;
		}
		const { ids: next, full } = addToCompare(id);
		if (full) {
			toastCompareFull(name);
			return;
		}
		setAnnouncement(`${name} added to the comparison (${next.length} of ${MAX_COMPARE}).`);
	}

	return (
		<div className="flex flex-wrap items-center gap-2" data-compare-toggle>
			<button
				type="button"
				onClick={toggle}
				className={buttonClasses({ variant: chosen ? 'secondary' : 'outline' })}
			>
				<LineIcon className="size-4">
					{chosen ? <path d="M5 12h14" /> : <path d="M12 5v14M5 12h14" />}
				</LineIcon>
				{chosen ? 'Remove from compare' : 'Add to compare'}
			</button>
			<a
				href={compareHref(ids ?? [])}
				className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
			>
				{count > 0 ? `View comparison (${count})` : 'View comparison'}
			</a>
			<span role="status" className="sr-only">
				{announcement}
			</span>
		</div>
	);
}
