/**
 * The /newsletter/confirm island. The token comes from ?token=; nothing is sent until the person
 * presses the button, so a link scanner that only opens the page confirms nothing.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { apiRequest, failureText } from '@/lib/api-client';
import { CONFIRMATION_LINK_INVALID } from '@/lib/validation/newsletter';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';

type Outcome = { ok: boolean; text: string };

export default function ConfirmSubscriptionForm() {
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
			const answer = await apiRequest<{ message: string }>('POST', '/api/newsletter/confirm', { token });
			setOutcome({ ok: true, text: answer.message });
		} catch (error) {
			setOutcome({ ok: false, text: failureText(error, 'Failed to confirm your subscription. Please try again.') });
		} finally {
			setBusy(false);
		}
	}

	return (
		<Card className="w-full max-w-md">
			<CardHeader>
				<CardTitle as="h1">Confirm your subscription</CardTitle>
				<CardDescription>Press the button to get the Retail Media Hub weekly briefing at this address.</CardDescription>
			</CardHeader>
			<CardContent>
				{token === null && (
					<p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
						{CONFIRMATION_LINK_INVALID}
					</p>
				)}
				{outcome && (
					<p
						role={outcome.ok ? 'status' : 'alert'}
						data-testid="confirm-outcome"
						className={`mb-4 rounded-md p-3 text-sm ${outcome.ok ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-800'}`}
					>
						{outcome.text}
					</p>
				)}
				<form onSubmit={onSubmit} noValidate>
					<Button type="submit" className="w-full" loading={busy} disabled={!token || outcome?.ok}>
						Confirm my subscription
					</Button>
				</form>
				<p className="mt-4 text-center text-sm">
					<a href={outcome?.ok ? '/newsletter' : '/'} className="font-medium text-primary-700 hover:underline">
						{outcome?.ok ? 'Read past issues' : 'Back to home'}
					</a>
				</p>
			</CardContent>
		</Card>
	);
}
