import { useState } from 'react';
import { apiRequest, failureText } from '@/lib/api-client';
import type { PublicUser } from '@/lib/validation/auth';
import { sessionEnded } from '@/stores/session';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';

/** The profile's notice while the account's address is unverified, with a resend button. */
export function EmailVerification({ user }: { user: PublicUser }) {
	const [busy, setBusy] = useState(false);
	if (user.emailVerified) return null;

	async function resend() {
		setBusy(true);
		try {
			const answer = await apiRequest<{ message: string }>('POST', '/api/profile/verification-mail');
			toast({ title: 'Verification mail sent', description: answer.message });
		} catch (error) {
			if (sessionEnded(error)) return;
			toast({
				title: 'Failed to send verification mail',
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
		} finally {
			setBusy(false);
		}
	}

	return (
		<section
			className="space-y-3 rounded-md border border-amber-200 bg-amber-50 p-4"
			aria-labelledby="verification-title"
			data-testid="email-unverified"
		>
			<h2 id="verification-title" className="text-base font-semibold text-amber-900">
				Your email is not verified yet
			</h2>
			<p className="text-sm text-amber-900">
				We mailed a link to <span className="font-medium">{user.email}</span>. Open it and press the button on
				the page to confirm the address is yours.
			</p>
			<Button type="button" variant="outline" loading={busy} onClick={resend}>
				Resend verification mail
			</Button>
		</section>
	);
}
