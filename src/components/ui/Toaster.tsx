/**
 * The one toast region: shows the current toast of the $toast store, at most one
 * at a time (a new toast replaces the shown one). Radix defaults otherwise: 5 s duration, F8
 * focuses the viewport, swipe to dismiss. Mounted lazily by toast-host.ts; never render it twice.
 */
import { useStore } from '@nanostores/react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { useState } from 'react';
import { cn } from '@/lib/class-names';
import { $toast, dismissToast, type ToastMessage, type ToastVariant } from '@/stores/toast';

const variantClasses: Record<ToastVariant, string> = {
	default: 'border-border bg-surface text-ink',
	destructive: 'border-red-700 bg-destructive text-destructive-foreground',
	warning: 'border-amber-500 bg-warning text-warning-foreground',
};

const closeClasses: Record<ToastVariant, string> = {
	default: 'text-slate-500 hover:bg-slate-100 hover:text-ink',
	destructive: 'text-red-50 hover:bg-red-700 hover:text-white focus-visible:outline-white',
	warning: 'text-amber-900 hover:bg-amber-300 hover:text-amber-950',
};

export function Toaster() {
	const current = useStore($toast);
	// Keep the last toast rendered after dismissal so Radix can play its exit animation.
	const [shown, setShown] = useState<ToastMessage | null>(current);
	if (current && current.id !== shown?.id) setShown(current);

	return (
		<ToastPrimitive.Provider swipeDirection="right">
			{shown && (
				<ToastPrimitive.Root
					key={shown.id}
					open={current?.id === shown.id}
					onOpenChange={(open) => {
						if (!open && $toast.get()?.id === shown.id) dismissToast();
					}}
					type={shown.variant === 'destructive' ? 'foreground' : 'background'}
					data-variant={shown.variant}
					className={cn(
						'pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg',
						'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
						'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-out',
						variantClasses[shown.variant],
					)}
				>
					<div className="grid gap-1">
						<ToastPrimitive.Title className="text-sm font-semibold">{shown.title}</ToastPrimitive.Title>
						{shown.description && (
							<ToastPrimitive.Description className="text-sm">
								{shown.description}
							</ToastPrimitive.Description>
						)}
					</div>
					<ToastPrimitive.Close
						aria-label="Close"
						className={cn('absolute right-2 top-2 rounded-md p-1', closeClasses[shown.variant])}
					>
						<svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
							<path d="M18 6 6 18M6 6l12 12" />
						</svg>
					</ToastPrimitive.Close>
				</ToastPrimitive.Root>
			)}
			<ToastPrimitive.Viewport className="fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0 md:max-w-[420px]" />
		</ToastPrimitive.Provider>
	);
}
