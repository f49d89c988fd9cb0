import type { ComponentPropsWithRef } from 'react';
import { cn } from '@/lib/class-names';

export const inputClasses =
	'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-ink shadow-sm placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:opacity-70 aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/40 file:border-0 file:bg-transparent file:text-sm file:font-medium';

/** A styled <input>; set aria-invalid and aria-describedby (FormMessage id) for errors. */
export function Input({ className, type = 'text', ...props }: ComponentPropsWithRef<'input'>) {
	return <input type={type} className={cn(inputClasses, className)} {...props} />;
}

/** The same look for <textarea>. */
export function Textarea({ className, ...props }: ComponentPropsWithRef<'textarea'>) {
	return <textarea className={cn(inputClasses, 'h-auto min-h-24', className)} {...props} />;
}
