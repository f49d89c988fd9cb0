import { cn } from '@/lib/class-names';

/** The spinning ring alone, for buttons and inline use (decorative). */
export function SpinnerIcon({ className }: { className?: string }) {
	return (
		<svg className={cn('size-4 animate-spin', className)} viewBox="0 0 24 24" fill="none" aria-hidden="true">
			<circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
			<path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
		</svg>
	);
}

export type SpinnerProps = {
	/** Shown under the ring and announced; without it screen readers hear "Loading...". */
	label?: string;
	className?: string;
};

/** A centred loading state (route protection, data loading). */
export function Spinner({ label, className }: SpinnerProps) {
	return (
		<div
			role="status"
			className={cn('flex min-h-48 flex-col items-center justify-center gap-3 py-12', className)}
		>
			<SpinnerIcon className="size-8 text-primary" />
			{label ? <p className="text-sm text-muted">{label}</p> : <span className="sr-only">Loading...</span>}
		</div>
	);
}
