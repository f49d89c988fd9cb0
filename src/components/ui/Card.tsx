import type { ComponentPropsWithRef } from 'react';
import { cn } from '@/lib/class-names';

export function Card({ className, ...props }: ComponentPropsWithRef<'div'>) {
	return (
		<div
			className={cn('rounded-xl border border-border bg-surface text-ink shadow-sm', className)}
			{...props}
		/>
	);
}

export function CardHeader({ className, ...props }: ComponentPropsWithRef<'div'>) {
	return <div className={cn('flex flex-col gap-1.5 p-6', className)} {...props} />;
}

/** A heading (h3 by default; pass `as` for the outline level the page needs). */
export function CardTitle({
	className,
	as: Tag = 'h3',
	...props
}: ComponentPropsWithRef<'h3'> & { as?: 'h1' | 'h2' | 'h3' | 'h4' }) {
	return <Tag className={cn('text-lg font-semibold leading-tight tracking-tight', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentPropsWithRef<'p'>) {
	return <p className={cn('text-sm text-muted', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentPropsWithRef<'div'>) {
	return <div className={cn('p-6 pt-0', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentPropsWithRef<'div'>) {
	return <div className={cn('flex items-center p-6 pt-0', className)} {...props} />;
}
