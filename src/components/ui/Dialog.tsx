/**
 * A thin styled wrapper of Radix Dialog (focus trap, Escape, scroll lock come from Radix), which
 * also hands focus back to whatever opened the dialog when it closes.
 */
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useRef, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cn } from '@/lib/class-names';
import { rememberOpener, returnFocus } from './return-focus';
import { CloseIcon } from './LineIcon';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export type DialogContentProps = Omit<ComponentPropsWithRef<typeof DialogPrimitive.Content>, 'title'> & {
	title: ReactNode;
	description?: ReactNode;
	/** Hide the corner close button (e.g. when the footer has its own Cancel). */
	hideClose?: boolean;
	/** Width on larger screens: 'md' (default) for short forms, 'lg'/'xl' for editors. */
	size?: DialogSize;
};

export type DialogSize = 'md' | 'lg' | 'xl';

// A prop rather than a className: cn() appends without merging, so max-w-* could not override.
const dialogWidths: Record<DialogSize, string> = {
	md: 'max-w-lg',
	lg: 'max-w-2xl',
	xl: 'max-w-3xl',
};

export function DialogContent({
	title,
	description,
	hideClose = false,
	size = 'md',
	className,
	children,
	onOpenAutoFocus,
	onCloseAutoFocus,
	...props
}: DialogContentProps) {
	// Our dialogs are opened by state, not by a Radix Trigger, so Radix has no trigger to give
	// focus back to and it would land on <body>. The element focused when the dialog opened is
	// the button that opened it (Edit, Delete, Ban, ...).
	const opener = useRef<ReturnType<typeof rememberOpener>>(null);
	return (
		<DialogPrimitive.Portal>
			<DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50 data-[state=open]:animate-fade-in" />
			<DialogPrimitive.Content
				// Without a description Radix wants aria-describedby explicitly unset.
				{...(description ? {} : { 'aria-describedby': undefined })}
				onOpenAutoFocus={(event) => {
					opener.current = rememberOpener();
					onOpenAutoFocus?.(event);
				}}
				onCloseAutoFocus={(event) => {
					onCloseAutoFocus?.(event);
					if (event.defaultPrevented) return;
					if (returnFocus(opener.current)) event.preventDefault();
					opener.current = null;
				}}
				className={cn(
					'fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-surface p-6 shadow-xl data-[state=open]:animate-dialog-in',
					dialogWidths[size],
					className,
				)}
				{...props}
			>
				<div className="flex flex-col gap-1.5 pr-6">
					<DialogPrimitive.Title className="text-lg font-semibold leading-tight text-ink">
						{title}
					</DialogPrimitive.Title>
					{description && (
						<DialogPrimitive.Description className="text-sm text-muted">
							{description}
						</DialogPrimitive.Description>
					)}
				</div>
				{children}
				{!hideClose && (
					<DialogPrimitive.Close
						className="absolute right-4 top-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-ink"
						aria-label="Close"
					>
						<CloseIcon />
					</DialogPrimitive.Close>
				)}
			</DialogPrimitive.Content>
		</DialogPrimitive.Portal>
	);
}

/** Right-aligned action row at the bottom of a dialog (stacks on small screens). */
export function DialogFooter({ className, ...props }: ComponentPropsWithRef<'div'>) {
	return (
		<div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
	);
}
