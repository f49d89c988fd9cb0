import { useState } from 'react';
import { failureText } from '@/lib/api-client';
import { claimNavigation } from '@/lib/navigation';
import { sessionEnded, signOutEverywhere } from '@/stores/session';
import { toast, toastAfterNavigation } from '@/stores/toast';
import { Button } from '@/components/ui/Button';

/**
 * Ends every session of the account, on this device too: for a lost phone or a computer left
 * signed in. Then home, signed out (the page's guard would otherwise send us to /auth).
 */
export function SignOutEverywhere() {
	const [busy, setBusy] = useState(false);

	async function onClick() {
		setBusy(true);
		const release = claimNavigation();
		try {
			await signOutEverywhere();
			toastAfterNavigation({
				title: 'Signed out everywhere',
				description: 'Every session of your account has ended.',
			});
			window.location.assign('/');
		} catch (error) {
			release();
			setBusy(false);
			if (sessionEnded(error)) return;
			toast({
				title: 'Could not sign out everywhere',
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
		}
	}

	return (
		<section className="space-y-3" aria-labelledby="sessions-title">
			<h2 id="sessions-title" className="text-lg font-semibold text-slate-900">
				Sessions
			</h2>
			<p className="text-sm text-slate-700">
				Signed in on a device you no longer use? Sign out on every device, this one included.
			</p>
			<Button type="button" variant="outline" loading={busy} onClick={onClick}>
				Sign out everywhere
			</Button>
		</section>
	);
}
