import { useState, type FormEvent } from 'react';
import { apiRequest, failureText } from '@/lib/api-client';
import { MIN_PASSWORD_LENGTH } from '@/lib/password-rules';
import { sessionEnded } from '@/stores/session';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';

const EMPTY = { currentPassword: '', newPassword: '', confirm: '' };

export function PasswordForm() {
	const [form, setForm] = useState(EMPTY);
	const [busy, setBusy] = useState(false);
	const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
		setForm((f) => ({ ...f, [field]: e.target.value }));

	function problem(): { title: string; description?: string } | null {
		if (!form.currentPassword || !form.newPassword || !form.confirm) {
			return { title: 'All fields required', description: 'Please fill in all password fields.' };
		}
		if (form.newPassword !== form.confirm) return { title: "Passwords don't match" };
		if (form.newPassword.length < MIN_PASSWORD_LENGTH) {
			return { title: 'Password too short', description: 'Password must be at least 6 characters long.' };
		}
		return null;
	}

	async function onSubmit(event: FormEvent) {
		event.preventDefault();
		const invalid = problem();
		if (invalid) {
			toast({ ...invalid, variant: 'destructive' });
			return;
		}
		setBusy(true);
		try {
			await apiRequest('PUT', '/api/profile/password', {
				currentPassword: form.currentPassword,
				newPassword: form.newPassword,
			});
			setForm(EMPTY);
			toast({ title: 'Password updated', description: 'Your other sessions were signed out.' });
		} catch (error) {
			if (sessionEnded(error)) return;
			toast({
				title: 'Failed to update password',
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
		} finally {
			setBusy(false);
		}
	}

	return (
		<form onSubmit={onSubmit} className="space-y-4" noValidate aria-labelledby="password-form-title">
			<h2 id="password-form-title" className="text-lg font-semibold text-slate-900">
				Change Password
			</h2>
			<div className="space-y-1.5">
				<Label htmlFor="profile-current-password">Current Password</Label>
				<Input
					id="profile-current-password"
					type="password"
					autoComplete="current-password"
					value={form.currentPassword}
					onChange={set('currentPassword')}
				/>
			</div>
			<div className="space-y-1.5">
				<Label htmlFor="profile-new-password">New Password</Label>
				<Input
					id="profile-new-password"
					type="password"
					autoComplete="new-password"
					value={form.newPassword}
					onChange={set('newPassword')}
				/>
			</div>
			<div className="space-y-1.5">
				<Label htmlFor="profile-confirm-password">Confirm New Password</Label>
				<Input
					id="profile-confirm-password"
					type="password"
					autoComplete="new-password"
					value={form.confirm}
					onChange={set('confirm')}
				/>
			</div>
			<Button type="submit" loading={busy}>
				Update Password
			</Button>
		</form>
	);
}
