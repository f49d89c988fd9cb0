import { useEffect, useState, type FormEvent } from 'react';
import { apiRequest, failureText } from '@/lib/api-client';
import { tokenOfLink } from '@/lib/mailed-links';
import { MIN_PASSWORD_LENGTH } from '@/lib/password-rules';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';

export const REDIRECT_AFTER_RESET_MS = 2000;

/** The /reset-password island. The token comes from #token= (or ?token= in older links). */
export default function ResetPasswordForm() {
	const [token, setToken] = useState<string | null | undefined>(undefined);
	const [password, setPassword] = useState('');
	const [confirm, setConfirm] = useState('');
	const [busy, setBusy] = useState(false);
	const [done, setDone] = useState(false);

	useEffect(() => {
		const found = tokenOfLink(window.location);
		setToken(found || null);
		if (!found) {
			toast({
				title: 'Invalid reset link',
				description: 'The password reset link is invalid or missing.',
				variant: 'destructive',
			});
		}
	}, []);

	async function onSubmit(event: FormEvent) {
		event.preventDefault();
		if (!token) return;
		if (password !== confirm) {
			toast({ title: "Passwords don't match", variant: 'destructive' });
			return;
		}
		if (password.length < MIN_PASSWORD_LENGTH) {
			toast({
				title: 'Password too short',
				description: 'Password must be at least 6 characters long.',
				variant: 'destructive',
			});
			return;
		}
		setBusy(true);
		try {
			await apiRequest('POST', '/api/auth/reset-password', { token, newPassword: password });
			setDone(true);
			toast({
				title: 'Password reset successful',
				description: 'You can now sign in with your new password.',
			});
			setTimeout(() => window.location.assign('/auth'), REDIRECT_AFTER_RESET_MS);
		} catch (error) {
			toast({
				title: 'Reset failed',
				description: failureText(error, 'Failed to reset password. Please try again.'),
				variant: 'destructive',
			});
		} finally {
			setBusy(false);
		}
	}

	return (
		<Card className="w-full max-w-md">
			<CardHeader>
				<CardTitle as="h1">Set a new password</CardTitle>
				<CardDescription>
					{done
						? 'Your password was changed. Taking you to sign in...'
						: 'Choose a new password of at least 6 characters.'}
				</CardDescription>
			</CardHeader>
			<CardContent>
				{token === null && (
					<p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
						The password reset link is invalid or missing.
					</p>
				)}
				<form onSubmit={onSubmit} className="space-y-4" noValidate>
					<div className="space-y-1.5">
						<Label htmlFor="reset-password">New Password</Label>
						<Input
							id="reset-password"
							type="password"
							autoComplete="new-password"
							value={password}
							onChange={(e) => setPassword(e.target.value)}
						/>
					</div>
					<div className="space-y-1.5">
						<Label htmlFor="reset-confirm">Confirm New Password</Label>
						<Input
							id="reset-confirm"
							type="password"
							autoComplete="new-password"
							value={confirm}
							onChange={(e) => setConfirm(e.target.value)}
						/>
					</div>
					<Button type="submit" className="w-full" loading={busy} disabled={!token || done}>
						Reset Password
					</Button>
				</form>
				<p className="mt-4 text-center text-sm">
					<a href="/auth" className="font-medium text-primary-700 hover:underline">
						Back to Sign In
					</a>
				</p>
			</CardContent>
		</Card>
	);
}
