import type { MouseEvent } from 'react';
import { buttonClasses } from '@/components/ui/button-classes';
import { addToCompare, compareHref } from '@/stores/compare';
import { toastCompareFull } from './compare-full';
import { LineIcon } from '@/components/ui/LineIcon';

/**
 * The card's Compare button: goes to /compare with this platform appended to the
 * current selection. It is a link so it works before hydration (this platform alone); once
 * hydrated a click reads the selection, skips duplicates and respects the maximum of 4.
 */
export function CompareLink({ id, name }: { id: number; name: string }) {
	function onClick(event: MouseEvent<HTMLAnchorElement>) {
		if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
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
			href={compareHref([id])}
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
