/**
 * The one toast region: shows the current toast of the $toast store, at most one
 * at a time (a new toast replaces the shown one). Radix defaults otherwise: 5 s duration, F8
 * focuses the viewport, swipe to dismiss. Mounted lazily by toast-host.ts; never render it twice.
 * It shows at the bottom right from 640 px up and at the top on phones, unless that would cover
 * the control just pressed (Save Page, a vote button): then it takes the other edge.
 */
import { useStore } from '@nanostores/react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { cn } from '@/lib/class-names';
import { $toast, dismissToast, type ToastMessage, type ToastVariant } from '@/stores/toast';
import { lastAction } from './last-action';
import { CloseIcon } from './LineIcon';

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

type Edge = 'top' | 'bottom';

const EDGE_CLASSES: Record<Edge, string> = { top: 'top-0', bottom: 'bottom-0' };

/** The usual edge: the bottom from the sm breakpoint (640 px) up, the top on phones. */
function usualEdge(): Edge {
	return window.matchMedia('(min-width: 640px)').matches ? 'bottom' : 'top';
}

/**
 * The edge for a toast as tall as `viewport` is now: the usual one, or the other when only the
 * usual one would cover the control just pressed.
 */
function edgeClearOfAction(viewport: HTMLElement): Edge {
	const usual = usualEdge();
	const action = lastAction();
	if (!action || viewport.contains(action)) return usual;
	const toast = viewport.getBoundingClientRect();
	const control = action.getBoundingClientRect();
	const covers = (edge: Edge) => {
		const top = edge === 'top' ? 0 : window.innerHeight - toast.height;
		return (
			control.right > toast.left &&
			control.left < toast.right &&
			control.bottom > top &&
			control.top < top + toast.height
		);
	};
	const other: Edge = usual === 'top' ? 'bottom' : 'top';
	return covers(usual) && !covers(other) ? other : usual;
}

export function Toaster() {
	const current = useStore($toast);
	// Keep the last toast rendered after dismissal so Radix can play its exit animation.
	const [shown, setShown] = useState<ToastMessage | null>(current);
	if (current && current.id !== shown?.id) setShown(current);
	const viewportRef = useRef<HTMLOListElement>(null);
	const [edge, setEdge] = useState<Edge>(usualEdge);
	const shownId = shown?.id;
	const place = useCallback(() => {
		if (viewportRef.current) setEdge(edgeClearOfAction(viewportRef.current));
	}, []);
	// Radix portals the toast into the viewport a render after the viewport itself, so the edge
	// is chosen when the toast's own element arrives, with its real height: an update made in a
	// ref callback is applied before the browser draws, so no frame shows it over the control.
	const placeOnArrival = useCallback(
		(toast: HTMLLIElement | null) => {
			if (toast) place();
		},
		[place],
	);
	// Again whenever its size changes (a longer message wraps). A resize is reported just before
	// the browser draws, and flushSync applies the new edge within that same frame.
	useLayoutEffect(() => {
		const viewport = viewportRef.current;
		if (shownId === undefined || !viewport) return;
		const observer = new ResizeObserver(() => flushSync(place));
		observer.observe(viewport);
		return () => observer.disconnect();
	}, [shownId, place]);

	return (
		<ToastPrimitive.Provider swipeDirection="right">
			{shown && (
				<ToastPrimitive.Root
					key={shown.id}
					ref={placeOnArrival}
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
							<ToastPrimitive.Description className="text-sm">{shown.description}</ToastPrimitive.Description>
						)}
					</div>
					<ToastPrimitive.Close
						aria-label="Close"
						className={cn('absolute right-2 top-2 rounded-md p-1', closeClasses[shown.variant])}
					>
						<CloseIcon />
					</ToastPrimitive.Close>
				</ToastPrimitive.Root>
			)}
			<ToastPrimitive.Viewport
				ref={viewportRef}
				data-edge={edge}
				className={cn(
					'fixed right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none md:max-w-[420px]',
					EDGE_CLASSES[edge],
				)}
			/>
		</ToastPrimitive.Provider>
	);
}
