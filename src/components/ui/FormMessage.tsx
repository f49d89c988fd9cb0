import type { ReactNode } from 'react';
import { cn } from '@/lib/class-names';

export type FormMessageProps = {
	/** Point the field's aria-describedby at this id. */
	id: string;
	children?: ReactNode;
	className?: string;
};

/** Inline field error; renders nothing when there is no message. */
export function FormMessage({ id, children, className }: FormMessageProps) {
	if (!children) return null;
	return (
		<p id={id} className={cn('text-sm font-medium text-destructive', className)}>
			{children}
		</p>
	);
}
