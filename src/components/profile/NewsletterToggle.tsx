import { useState } from 'react';
import { apiRequest, failureText } from '@/lib/api-client';
import type { PublicUser } from '@/lib/validation/auth';
import { UNVERIFIED_SUBSCRIBER_NOTE, waitsForVerification } from '@/lib/newsletter-eligibility';
import { setUser, sessionEnded } from '@/stores/session';
import { toast } from '@/stores/toast';
import { Switch } from '@/components/ui/Switch';

/**
 * The toggle flips at once and sends the new value; a failure flips it back. While the request
 * runs the switch is aria-disabled rather than disabled: a disabled button drops the keyboard
 * focus, so Space would leave the person nowhere.
 */
export function NewsletterToggle({ user }: { user: PublicUser }) {
	const [checked, setChecked] = useState(user.isNewsletterSubscribed);
	const [busy, setBusy] = useState(false);

	async function onChange(next: boolean) {
		if (busy) return;
		setChecked(next);
		setBusy(true);
		try {
			const updated = await apiRequest<PublicUser>('PUT', '/api/profile/newsletter', {
				isNewsletterSubscribed: next,
			});
			setUser(updated);
			toast({
				title: 'Newsletter preference updated',
				description: next
					? 'You are subscribed to our newsletter.'
					: 'You have unsubscribed from our newsletter.',
			});
		} catch (error) {
			setChecked(!next);
			if (sessionEnded(error)) return;
			toast({
				title: 'Failed to update newsletter preference',
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
		} finally {
			setBusy(false);
		}
	}

	return (
		<section className="space-y-3" aria-labelledby="newsletter-title">
			<h2 id="newsletter-title" className="text-lg font-semibold text-slate-900">
				Newsletter
			</h2>
			<div className="flex items-center justify-between gap-4">
				<label htmlFor="profile-newsletter" className="text-sm text-slate-700">
					Receive the weekly retail media newsletter
				</label>
				<Switch
					id="profile-newsletter"
					checked={checked}
					aria-disabled={busy || undefined}
					onCheckedChange={(next) => void onChange(next)}
				/>
			</div>
			{waitsForVerification(user) && (
				<p className="text-sm text-amber-800" data-testid="newsletter-unverified">
					{UNVERIFIED_SUBSCRIBER_NOTE}
				</p>
			)}
		</section>
	);
}
