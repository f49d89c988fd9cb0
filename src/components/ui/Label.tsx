import type { ComponentPropsWithRef } from 'react';
import { cn } from '@/lib/class-names';

/** A styled <label>; pass htmlFor. */
export function Label({ className, ...props }: ComponentPropsWithRef<'label'>) {
	return <label className={cn('text-sm font-medium leading-none text-ink', className)} {...props} />;
}
