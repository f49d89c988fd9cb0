/** Styled Radix Tabs (arrow-key roving focus and ARIA come from Radix). */
import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/class-names';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentPropsWithRef<typeof TabsPrimitive.List>) {
	return (
		<TabsPrimitive.List
			className={cn(
				'inline-flex h-10 items-center justify-center gap-1 rounded-lg bg-slate-100 p-1 text-slate-600',
				className,
			)}
			{...props}
		/>
	);
}

export function TabsTrigger({
	className,
	...props
}: ComponentPropsWithRef<typeof TabsPrimitive.Trigger>) {
	return (
		<TabsPrimitive.Trigger
			className={cn(
				'inline-flex h-8 items-center justify-center whitespace-nowrap rounded-md px-3 text-sm font-medium transition-colors hover:text-ink disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm',
				className,
			)}
			{...props}
		/>
	);
}

export function TabsContent({
	className,
	...props
}: ComponentPropsWithRef<typeof TabsPrimitive.Content>) {
	return <TabsPrimitive.Content className={cn('mt-4', className)} {...props} />;
}
