/**
 * A long text shown as its first lines, with a "Show all" button when there is more: a
 * 5,000-character comment would otherwise be a card thousands of pixels tall on a phone. The
 * button is a disclosure (aria-expanded, aria-controls) and appears only when the clamp hides
 * something, measured after layout and again when the width changes.
 */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/lib/class-names';
import { Button } from './Button';

export function ClampedText({ text, className }: { text: string; className?: string }) {
	const id = useId();
	const ref = useRef<HTMLParagraphElement>(null);
	const [expanded, setExpanded] = useState(false);
	const [overflows, setOverflows] = useState(false);

	useLayoutEffect(() => {
		const element = ref.current;
		if (!element || expanded) return;
		const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
		measure();
		const observer = new ResizeObserver(measure);
		observer.observe(element);
		return () => observer.disconnect();
	}, [expanded]);

	return (
		<div>
			<p id={id} ref={ref} className={cn(className, !expanded && 'line-clamp-6')}>
				{text}
			</p>
			{(overflows || expanded) && (
				<Button
					variant="ghost"
					size="sm"
					className="mt-1 -ml-3"
					aria-expanded={expanded}
					aria-controls={id}
					onClick={() => setExpanded(!expanded)}
				>
					{expanded ? 'Show less' : 'Show all'}
				</Button>
			)}
		</div>
	);
}
