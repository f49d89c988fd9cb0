import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { FormMessage } from '@/components/ui/FormMessage';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { submitRegistration } from './submit-login';

export function SignUpForm({ returnTo }: { returnTo: string | null }) {
	const [form, setForm] = useState({ email: '', username: '', password: '', confirm: '' });
	const [busy, setBusy] = useState(false);
	const [mismatch, setMismatch] = useState(false);
	const set = (field: keyof typeof form) => (e: { target: { value: string } }) => {
		const next = { ...form, [field]: e.target.value };
		setForm(next);
		// The message goes as soon as the two passwords agree again.
		if (mismatch && next.password === next.confirm) setMismatch(false);
	};

	async function onSubmit(event: FormEvent) {
		event.preventDefault();
		if (form.password !== form.confirm) {
			setMismatch(true);
			// After the render that ties the message to the field, so a screen reader reads both.
			requestAnimationFrame(() => document.getElementById('signup-confirm')?.focus());
			return;
		}
		setBusy(true);
		// The confirmation is only checked here; the register call does not take it.
		await submitRegistration(
			{ email: form.email, username: form.username, password: form.password },
			returnTo,
		);
		setBusy(false);
	}

	return (
		<form onSubmit={onSubmit} className="space-y-4" aria-label="Sign up">
			<div className="space-y-1.5">
				<Label htmlFor="signup-email">Email</Label>
				<Input
					id="signup-email"
					type="email"
					autoComplete="email"
					required
					value={form.email}
					onChange={set('email')}
				/>
			</div>
			<div className="space-y-1.5">
				<Label htmlFor="signup-username">Username</Label>
				<Input
					id="signup-username"
					autoComplete="username"
					required
					minLength={3}
					maxLength={30}
					value={form.username}
					onChange={set('username')}
				/>
			</div>
			<div className="space-y-1.5">
				<Label htmlFor="signup-password">Password</Label>
				<Input
					id="signup-password"
					type="password"
					autoComplete="new-password"
					required
					value={form.password}
					onChange={set('password')}
					aria-describedby="signup-password-hint"
				/>
				<p id="signup-password-hint" className="text-xs text-slate-600">
					At least 6 characters.
				</p>
			</div>
			<div className="space-y-1.5">
				<Label htmlFor="signup-confirm">Confirm Password</Label>
				<Input
					id="signup-confirm"
					type="password"
					autoComplete="new-password"
					required
					value={form.confirm}
					onChange={set('confirm')}
					aria-invalid={mismatch || undefined}
					aria-describedby={mismatch ? 'signup-confirm-error' : undefined}
				/>
				<FormMessage id="signup-confirm-error">{mismatch ? "Passwords don't match" : null}</FormMessage>
			</div>
			<Button type="submit" className="w-full" loading={busy}>
				Create Account
			</Button>
		</form>
	);
}
