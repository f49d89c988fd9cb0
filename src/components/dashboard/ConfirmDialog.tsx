import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@/components/ui/Dialog';

export type ConfirmDialogProps = {
	open: boolean;
	onOpenChange: (open: boolean) => void;
	title: string;
	description: ReactNode;
	confirmLabel: string;
	/** Red confirm button for irreversible actions. */
	destructive?: boolean;
	/** Runs the action; the dialog closes when it resolves true, stays open on false. */
	onConfirm: () => Promise<boolean>;
};

/** A yes/no dialog (delete, ban, unban) whose confirm button shows progress while it works. */
export function ConfirmDialog({
	open,
	onOpenChange,
	title,
	description,
	confirmLabel,
	destructive,
	onConfirm,
}: ConfirmDialogProps) {
	const [busy, setBusy] = useState(false);

	async function confirm() {
		setBusy(true);
		try {
			if (await onConfirm()) onOpenChange(false);
		} finally {
			setBusy(false);
		}
	}

	return (
		<Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
			<DialogContent title={title} description={description} hideClose>
				<DialogFooter>
					<DialogClose asChild>
						<Button variant="outline" disabled={busy}>
							Cancel
						</Button>
					</DialogClose>
					<Button
						variant={destructive ? 'destructive' : 'primary'}
						loading={busy}
						onClick={() => void confirm()}
					>
						{confirmLabel}
					</Button>
				</DialogFooter>
			</DialogContent>
		</Dialog>
	);
}
