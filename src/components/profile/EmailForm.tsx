import { useState, type FormEvent } from 'react';
import { failureText } from '@/lib/api-client';
import type { PublicUser } from '@/lib/validation/auth';
import { requestEmailChange } from '@/stores/pending-email';
import { sessionEnded } from '@/stores/session';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { PendingEmailChange } from './PendingEmailChange';

export function EmailForm({ user }: { user: PublicUser }) {
	const [email, setEmail] = useState('');
	const [currentPassword, setCurrentPassword] = useState('');
	const [busy, setBusy] = useState(false);

	async function onSubmit(event: FormEvent) {
		event.preventDefault();
		if (!currentPassword) {
			toast({
				title: 'Password required',
				description: 'Please enter your current password.',
				variant: 'destructive',
			});
			return;
		}
		const next = email.trim();
		if (!next || next.toLowerCase() === user.email.toLowerCase()) {
			toast({
				title: 'Invalid email',
				description: 'Please enter a new email address.',
				variant: 'destructive',
			});
			return;
		}
		setBusy(true);
		try {
			const message = await requestEmailChange(next, currentPassword);
			setEmail('');
			setCurrentPassword('');
			// The address changes only once the link mailed to it is confirmed.
			toast({ title: 'Check your inbox', description: message });
		} catch (error) {
			if (sessionEnded(error)) return;
			toast({
				title: 'Failed to update email',
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
		} finally {
			setBusy(false);
		}
	}

	return (
		<form onSubmit={onSubmit} className="space-y-4" noValidate aria-labelledby="email-form-title">
			<h2 id="email-form-title" className="text-lg font-semibold text-slate-900">
				Change Email
			</h2>
			<p className="text-sm text-slate-600">
				Current email: <span className="font-medium text-slate-900">{user.email}</span>
			</p>
			<PendingEmailChange currentEmail={user.email} />
			<div className="space-y-1.5">
				<Label htmlFor="profile-new-email">New Email</Label>
				<Input
					id="profile-new-email"
					type="email"
					autoComplete="email"
					value={email}
					onChange={(e) => setEmail(e.target.value)}
				/>
			</div>
			<div className="space-y-1.5">
				<Label htmlFor="profile-email-password">Current Password</Label>
				<Input
					id="profile-email-password"
					type="password"
					autoComplete="current-password"
					value={currentPassword}
					onChange={(e) => setCurrentPassword(e.target.value)}
				/>
			</div>
			<Button type="submit" loading={busy}>
				Update Email
			</Button>
		</form>
	);
}
