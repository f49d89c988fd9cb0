import { type MouseEvent, useEffect, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-classes';
import { isPlainClick } from '@/components/ui/plain-click';
import { $compareIds, addToCompare, compareHref, compareHrefAdding } from '@/stores/compare';
import { toastCompareFull } from './compare-full';
import { LineIcon } from '@/components/ui/LineIcon';

/**
 * The card's Compare button: goes to /compare with this platform appended to the
 * current selection. It is a link so it works before hydration (./compare-links.ts points the
 * server's links at the stored selection); once hydrated a click reads the selection, skips
 * duplicates and respects the maximum of 4, and the href follows the selection for a new tab.
 */
export function CompareLink({ id, name }: { id: number; name: string }) {
	// The first render matches the server's (which cannot know this tab's storage).
	const [href, setHref] = useState(() => compareHref([id]));
	useEffect(() => $compareIds.subscribe((ids) => setHref(compareHrefAdding(id, ids))), [id]);

	function onClick(event: MouseEvent<HTMLAnchorElement>) {
		if (!isPlainClick(event)) return;
		event.preventDefault();
		const { ids, full } = addToCompare(id);
		if (full) {
			toastCompareFull(name);
			return;
		}
		window.location.assign(compareHref(ids));
	}

	return (
		<a
			href={href}
			data-compare-link={id}
			onClick={onClick}
			aria-label={`Compare ${name}`}
			className={buttonClasses({ variant: 'outline', size: 'sm', className: 'relative z-10' })}
		>
			<LineIcon className="size-4">
				<path d="M16 3h5v5M8 21H3v-5M21 3l-7 7M3 21l7-7" />
			</LineIcon>
			Compare
		</a>
	);
}
