import type { ComponentPropsWithRef } from 'react';
import { cn } from '@/lib/class-names';

/** A styled <label>; pass htmlFor. */
export function Label({ className, ...props }: ComponentPropsWithRef<'label'>) {
	// biome-ignore lint/a11y/noLabelWithoutControl: a styled wrapper; each caller passes htmlFor
	return <label className={cn('text-sm font-medium leading-none text-ink', className)} {...props} />;
}
