import { useEffect, useState, type FormEvent } from 'react';
import { apiRequest, failureText } from '@/lib/api-client';
import { sessionEnded } from '@/stores/session';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';

/**
 * Adds a verified work email: a link goes to the address, and the owner's reviews say
 * "Verified work email" once it is opened. Only the owner sees the address.
 */
export function WorkEmailForm() {
	const [current, setCurrent] = useState<string | null>(null);
	const [email, setEmail] = useState('');
	const [busy, setBusy] = useState(false);

	useEffect(() => {
		apiRequest<{ workEmail: string | null }>('GET', '/api/profile/work-email')
			.then((answer) => setCurrent(answer.workEmail))
			.catch(() => undefined);
	}, []);

	async function onSubmit(event: FormEvent) {
		event.preventDefault();
		setBusy(true);
		try {
			const answer = await apiRequest<{ message: string }>('POST', '/api/profile/work-email', { email });
			setEmail('');
			toast({ title: 'Check your inbox', description: answer.message });
		} catch (error) {
			if (sessionEnded(error)) return;
			toast({
				title: 'Failed to add your work email',
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
		} finally {
			setBusy(false);
		}
	}

	return (
		<form onSubmit={onSubmit} className="space-y-4" noValidate aria-labelledby="work-email-title">
			<h2 id="work-email-title" className="text-lg font-semibold text-slate-900">
				Work Email
			</h2>
			<p className="text-sm text-slate-600">
				Verify an address at your company and your reviews say “Verified work email”. The address is never
				shown to anyone else. Free email providers do not count.
			</p>
			{current && (
				<p className="text-sm text-slate-600" data-testid="work-email-current">
					Verified work email: <span className="font-medium text-slate-900">{current}</span>
				</p>
			)}
			<div className="space-y-1.5">
				<Label htmlFor="profile-work-email">Work email</Label>
				<Input
					id="profile-work-email"
					type="email"
					autoComplete="work email"
					value={email}
					onChange={(e) => setEmail(e.target.value)}
				/>
			</div>
			<Button type="submit" loading={busy}>
				Send verification link
			</Button>
		</form>
	);
}
