/**
 * An editor sets another user's password: password and confirmation with inline
 * messages, the confirm button disabled until both are valid. The user is signed out everywhere.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { adminPasswordProblem, PASSWORDS_MISMATCH } from '@/lib/admin-password';
import { apiRequest, failureText } from '@/lib/api-client';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@/components/ui/Dialog';
import { Input } from '@/components/ui/Input';
import type { AdminUser } from './api-types';
import { controlProps, Field } from './Field';

export type PasswordDialogProps = {
	user: AdminUser | null;
	onOpenChange: (open: boolean) => void;
};

export function PasswordDialog({ user, onOpenChange }: PasswordDialogProps) {
	const [password, setPassword] = useState('');
	const [confirm, setConfirm] = useState('');
	const [saving, setSaving] = useState(false);

	// biome-ignore lint/correctness/useExhaustiveDependencies: clears the fields whenever another user is chosen
	useEffect(() => {
		setPassword('');
		setConfirm('');
	}, [user]);

	const problem = adminPasswordProblem(password, confirm);
	// Inline messages per field, once something is typed: an empty form is not yet "wrong".
	const lengthProblem = password === '' ? null : adminPasswordProblem(password, password);
	const lengthError = lengthProblem?.inline;
	const matchError = confirm !== '' && confirm !== password ? PASSWORDS_MISMATCH.inline : undefined;

	async function onSubmit(event: SubmitEvent) {
		event.preventDefault();
		if (!user) return;
		if (problem) {
			toast({ title: problem.title, description: problem.message, variant: 'destructive' });
			return;
		}
		setSaving(true);
		try {
			await apiRequest('PUT', `/api/admin/users/${user.id}/password`, { password });
			toast({
				title: 'Password updated',
				description: `${user.username} must sign in again with the new password.`,
			});
			onOpenChange(false);
		} catch (error) {
			toast({
				title: 'Failed to change password',
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
		} finally {
			setSaving(false);
		}
	}

	return (
		<Dialog open={user !== null} onOpenChange={(next) => !saving && onOpenChange(next)}>
			<DialogContent
				title="Change Password"
				description={
					user ? `Set a new password for ${user.username}. They will be signed out everywhere.` : undefined
				}
			>
				<form onSubmit={onSubmit} noValidate className="grid gap-4">
					<Field id="admin-new-password" label="New Password" error={lengthError}>
						<Input
							{...controlProps('admin-new-password', lengthError)}
							type="password"
							autoComplete="new-password"
							value={password}
							onChange={(e) => setPassword(e.target.value)}
						/>
					</Field>
					<Field id="admin-confirm-password" label="Confirm Password" error={matchError}>
						<Input
							{...controlProps('admin-confirm-password', matchError)}
							type="password"
							autoComplete="new-password"
							value={confirm}
							onChange={(e) => setConfirm(e.target.value)}
						/>
					</Field>
					<DialogFooter>
						<DialogClose asChild>
							<Button type="button" variant="outline" disabled={saving}>
								Cancel
							</Button>
						</DialogClose>
						<Button type="submit" loading={saving} disabled={problem !== null}>
							Change Password
						</Button>
					</DialogFooter>
				</form>
			</DialogContent>
		</Dialog>
	);
}
