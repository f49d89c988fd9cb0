import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { ForgotPasswordLink } from './ForgotPasswordLink';
import { submitLogin } from './submit-login';

export function SignInForm({ returnTo }: { returnTo: string | null }) {
	const [email, setEmail] = useState('');
	const [password, setPassword] = useState('');
	const [busy, setBusy] = useState(false);

	async function onSubmit(event: FormEvent) {
		event.preventDefault();
		setBusy(true);
		await submitLogin(email, password, returnTo);
		setBusy(false);
	}

	return (
		<form onSubmit={onSubmit} className="space-y-4" aria-label="Sign in">
			<div className="space-y-1.5">
				<Label htmlFor="signin-email">Email</Label>
				<Input
					id="signin-email"
					type="email"
					autoComplete="email"
					required
					value={email}
					onChange={(e) => setEmail(e.target.value)}
				/>
			</div>
			<div className="space-y-1.5">
				<Label htmlFor="signin-password">Password</Label>
				<Input
					id="signin-password"
					type="password"
					autoComplete="current-password"
					required
					value={password}
					onChange={(e) => setPassword(e.target.value)}
				/>
				{/* After the field, not beside its label: Tab goes from the email to the password. */}
				<div className="flex justify-end">
					<ForgotPasswordLink />
				</div>
			</div>
			<Button type="submit" className="w-full" loading={busy}>
				Sign In
			</Button>
		</form>
	);
}
