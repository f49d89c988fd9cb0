import type { ReactNode } from 'react';

/**
 * The islands' outline icons: drawn on a 24-unit grid in the text colour with rounded ends and
 * corners, and hidden from assistive technology, because the control or text beside each icon
 * already says what it means.
 */
export function LineIcon({
	className,
	strokeWidth = 2,
	children,
}: {
	className?: string;
	strokeWidth?: number;
	children: ReactNode;
}) {
	return (
		<svg
			viewBox="0 0 24 24"
			className={className}
			fill="none"
			stroke="currentColor"
			strokeWidth={strokeWidth}
			strokeLinecap="round"
			strokeLinejoin="round"
			aria-hidden="true"
		>
			{children}
		</svg>
	);
}

/** The × of every Close, Clear and Remove button. */
export function CloseIcon({
	className = 'size-4',
	strokeWidth,
}: {
	className?: string;
	strokeWidth?: number;
}) {
	return (
		<LineIcon className={className} strokeWidth={strokeWidth}>
			<path d="M18 6 6 18M6 6l12 12" />
		</LineIcon>
	);
}
