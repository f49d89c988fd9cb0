import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { failureText } from '@/lib/api-client';
import { sessionEnded } from '@/stores/session';
import {
	$pendingEmail,
	cancelEmailChange,
	loadPendingEmail,
	resendEmailChange,
} from '@/stores/pending-email';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';

/** The email change waiting for its link, with resend and cancel; nothing when none waits. */
export function PendingEmailChange({ currentEmail }: { currentEmail: string }) {
	const pending = useStore($pendingEmail);
	const [busy, setBusy] = useState<'resend' | 'cancel' | null>(null);

	useEffect(() => {
		loadPendingEmail().catch(() => undefined);
	}, []);

	if (!pending) return null;

	async function run(action: 'resend' | 'cancel') {
		setBusy(action);
		try {
			const message = action === 'resend' ? await resendEmailChange() : await cancelEmailChange();
			toast({
				title: action === 'resend' ? 'Check your inbox' : 'Email change cancelled',
				description: message,
			});
		} catch (error) {
			if (sessionEnded(error)) return;
			// Already confirmed or cancelled elsewhere: show what the server has now.
			loadPendingEmail().catch(() => undefined);
			toast({
				title: action === 'resend' ? 'Failed to resend the link' : 'Failed to cancel the change',
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
		} finally {
			setBusy(null);
		}
	}

	return (
		<section
			className="space-y-3 rounded-md border border-amber-200 bg-amber-50 p-4"
			aria-labelledby="pending-email-title"
			data-testid="pending-email"
		>
			<h3 id="pending-email-title" className="text-base font-semibold text-amber-900">
				Email change waiting for confirmation
			</h3>
			<p className="text-sm text-amber-900 break-words">
				We mailed a link to <span className="font-medium">{pending}</span>. Your email stays{' '}
				<span className="font-medium">{currentEmail}</span> until you open it.
			</p>
			<div className="flex flex-wrap gap-2">
				<Button type="button" variant="outline" loading={busy === 'resend'} onClick={() => run('resend')}>
					Resend link
				</Button>
				<Button type="button" variant="outline" loading={busy === 'cancel'} onClick={() => run('cancel')}>
					Cancel change
				</Button>
			</div>
		</section>
	);
}
