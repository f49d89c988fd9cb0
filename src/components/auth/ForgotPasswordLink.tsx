import { useRef, useState, type ComponentType } from 'react';
import { toast } from '@/stores/toast';
import type { ForgotPasswordDialogProps } from './ForgotPasswordDialog';

let loading: Promise<ComponentType<ForgotPasswordDialogProps>> | undefined;

/** The dialog's code (with Radix Dialog), fetched once: on hover as a head start, or on click. */
function loadDialog(): Promise<ComponentType<ForgotPasswordDialogProps>> {
	loading ??= import('./ForgotPasswordDialog').then(
		(module) => module.default,
		(error: unknown) => {
			loading = undefined; // let the next click retry (e.g. after a network blip)
			throw error;
		},
	);
	return loading;
}

/**
 * "Forgot your password?": a plain button until it is first used, then the
 * forgot-password dialog, imported on demand so /auth does not ship the dialog's code up front.
 */
export function ForgotPasswordLink() {
	const triggerRef = useRef<HTMLButtonElement>(null);
	const [Dialog, setDialog] = useState<ComponentType<ForgotPasswordDialogProps> | null>(null);
	const [open, setOpen] = useState(false);

	function openDialog() {
		if (Dialog) {
			setOpen(true);
			return;
		}
		loadDialog().then(
			(loaded) => {
				setDialog(() => loaded);
				setOpen(true);
			},
			() =>
				toast({
					title: 'Error',
					description: 'The password reset form could not be loaded. Please try again.',
					variant: 'destructive',
				}),
		);
	}

	return (
		<>
			<button
				ref={triggerRef}
				type="button"
				aria-haspopup="dialog"
				aria-expanded={open}
				onClick={openDialog}
				onPointerEnter={() => void loadDialog().catch(() => undefined)}
				className="text-sm font-medium text-primary-700 hover:underline"
			>
				Forgot your password?
			</button>
			{Dialog && <Dialog open={open} onOpenChange={setOpen} triggerRef={triggerRef} />}
		</>
	);
}
