import { useState, type FormEvent } from 'react';
import { MAX_DISPLAY_NAME_LENGTH } from '@/lib/author-name';
import { apiRequest, failureText } from '@/lib/api-client';
import type { PublicUser } from '@/lib/validation/auth';
import { setUser, sessionEnded } from '@/stores/session';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';

/** The name bylines show (articles, podcast episodes); empty: the username. */
export function DisplayNameForm({ user }: { user: PublicUser }) {
	const [name, setName] = useState(user.displayName ?? '');
	const [busy, setBusy] = useState(false);

	async function onSubmit(event: FormEvent) {
		event.preventDefault();
		setBusy(true);
		try {
			const updated = await apiRequest<PublicUser>('PUT', '/api/profile/display-name', {
				displayName: name.trim() || null,
			});
			setUser(updated);
			setName(updated.displayName ?? '');
			toast({
				title: 'Display name saved',
				description: `Your bylines say “${updated.displayName ?? updated.username}”.`,
			});
		} catch (error) {
			if (sessionEnded(error)) return;
			toast({
				title: 'Failed to save the display name',
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
		} finally {
			setBusy(false);
		}
	}

	return (
		<form onSubmit={onSubmit} className="space-y-4" noValidate aria-labelledby="display-name-title">
			<h2 id="display-name-title" className="text-lg font-semibold text-slate-900">
				Display Name
			</h2>
			<div className="space-y-1.5">
				<Label htmlFor="profile-display-name">Name shown on what you write</Label>
				<Input
					id="profile-display-name"
					autoComplete="name"
					maxLength={MAX_DISPLAY_NAME_LENGTH}
					value={name}
					onChange={(e) => setName(e.target.value)}
					aria-describedby="profile-display-name-hint"
				/>
				<p id="profile-display-name-hint" className="text-sm text-slate-600">
					Bylines show it instead of your username ({user.username}); leave it empty to show the username.
				</p>
			</div>
			<Button type="submit" loading={busy}>
				Save Display Name
			</Button>
		</form>
	);
}
