import type { ReactNode } from 'react';
import { cn } from '@/lib/class-names';

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger';

// Each pair passes WCAG AA (dark text on a light tint of the same hue).
const tones: Record<BadgeTone, string> = {
	neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
	brand: 'bg-brand-50 text-brand-800 ring-brand-200',
	success: 'bg-green-50 text-green-800 ring-green-200',
	warning: 'bg-amber-50 text-amber-900 ring-amber-200',
	danger: 'bg-red-50 text-red-800 ring-red-200',
};

/**
 * A small status label (Published/Draft, roles, comment status): its words are never split.
 * A badge that shows an editor's text (a tag) wraps it in a `wrap-anywhere` span.
 */
export function Badge({
	tone = 'neutral',
	children,
	className,
}: {
	tone?: BadgeTone;
	children: ReactNode;
	className?: string;
}) {
	return (
		<span
			className={cn(
				'inline-flex max-w-full items-center rounded-full px-2 py-0.5 text-xs font-medium wrap-normal ring-1 ring-inset',
				tones[tone],
				className,
			)}
		>
			{children}
		</span>
	);
}
