import { useEffect, useState, type FormEvent } from 'react';
import { apiRequest, failureText } from '@/lib/api-client';
import { loadUser } from '@/stores/session';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';

const MISSING_LINK = 'The verification link is invalid or missing.';

type Outcome = { ok: boolean; text: string };

/**
 * The /verify-email island. The token comes from ?token=; nothing is sent until the person
 * presses the button, so a link scanner that only opens the page confirms nothing.
 */
export default function VerifyEmailForm() {
	const [token, setToken] = useState<string | null | undefined>(undefined);
	const [busy, setBusy] = useState(false);
	const [outcome, setOutcome] = useState<Outcome | null>(null);

	useEffect(() => {
		setToken(new URLSearchParams(window.location.search).get('token') || null);
	}, []);

	async function onSubmit(event: FormEvent) {
		event.preventDefault();
		if (!token) return;
		setBusy(true);
		try {
			const answer = await apiRequest<{ message: string }>('POST', '/api/auth/verify-email', { token });
			setOutcome({ ok: true, text: answer.message });
			// A signed-in page elsewhere (header, profile) sees the verified or changed address.
			await loadUser(true);
		} catch (error) {
			setOutcome({ ok: false, text: failureText(error, 'Failed to verify your email. Please try again.') });
		} finally {
			setBusy(false);
		}
	}

	return (
		<Card className="w-full max-w-md">
			<CardHeader>
				<CardTitle as="h1">Verify your email</CardTitle>
				<CardDescription>Press the button to confirm that this address is yours.</CardDescription>
			</CardHeader>
			<CardContent>
				{token === null && (
					<p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
						{MISSING_LINK}
					</p>
				)}
				{outcome && (
					<p
						role={outcome.ok ? 'status' : 'alert'}
						data-testid="verify-outcome"
						className={`mb-4 rounded-md p-3 text-sm ${outcome.ok ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-800'}`}
					>
						{outcome.text}
					</p>
				)}
				<form onSubmit={onSubmit} noValidate>
					<Button type="submit" className="w-full" loading={busy} disabled={!token || outcome?.ok}>
						Confirm my email
					</Button>
				</form>
				<p className="mt-4 text-center text-sm">
					<a href={outcome?.ok ? '/profile' : '/'} className="font-medium text-primary-700 hover:underline">
						{outcome?.ok ? 'Go to your profile' : 'Back to home'}
					</a>
				</p>
			</CardContent>
		</Card>
	);
}
