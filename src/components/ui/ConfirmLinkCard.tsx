/**
 * A page that acts on a mailed link (verify an address, confirm a subscription). The token comes
 * from #token= (or ?token= in older links; see src/lib/mailed-links.ts); nothing is sent until the person presses the button, so a link scanner that only
 * opens the page confirms nothing.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { apiRequest, failureText } from '@/lib/api-client';
import { tokenOfLink } from '@/lib/mailed-links';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';

type Outcome = { ok: boolean; text: string };

export type ConfirmLinkCardProps = {
	title: string;
	description: string;
	buttonLabel: string;
	/** The endpoint the button posts `{ token }` to; it answers `{ message }`. */
	endpoint: string;
	/** Shown when the address has no token. */
	missingLinkText: string;
	/** Shown when the call fails without a sentence of its own. */
	failureFallback: string;
	/** Where to go once confirmed. */
	doneLink: { href: string; label: string };
	/** Where to ask for a new link when this one failed. */
	renewLink: { href: string; label: string };
	outcomeTestId: string;
	/** Runs after a confirmation succeeded. */
	onConfirmed?: () => Promise<unknown>;
};

export function ConfirmLinkCard(props: ConfirmLinkCardProps) {
	const [token, setToken] = useState<string | null | undefined>(undefined);
	const [busy, setBusy] = useState(false);
	const [outcome, setOutcome] = useState<Outcome | null>(null);

	useEffect(() => {
		setToken(tokenOfLink(window.location));
	}, []);

	async function onSubmit(event: FormEvent) {
		event.preventDefault();
		if (!token) return;
		setBusy(true);
		try {
			const answer = await apiRequest<{ message: string }>('POST', props.endpoint, { token });
			setOutcome({ ok: true, text: answer.message });
			await props.onConfirmed?.();
		} catch (error) {
			setOutcome({ ok: false, text: failureText(error, props.failureFallback) });
		} finally {
			setBusy(false);
		}
	}

	const after = outcome?.ok ? props.doneLink : { href: '/', label: 'Back to home' };
	return (
		<Card className="w-full max-w-md">
			<CardHeader>
				<CardTitle as="h1">{props.title}</CardTitle>
				<CardDescription>{props.description}</CardDescription>
			</CardHeader>
			<CardContent>
				{token === null && (
					<p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
						{props.missingLinkText}
					</p>
				)}
				{outcome && (
					<p
						role={outcome.ok ? 'status' : 'alert'}
						data-testid={props.outcomeTestId}
						className={`mb-4 rounded-md p-3 text-sm ${outcome.ok ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-800'}`}
					>
						{outcome.text}
					</p>
				)}
				{/* Pressing again after an answer changes nothing: a failed link stays failed. */}
				<form onSubmit={onSubmit} noValidate>
					<Button type="submit" className="w-full" loading={busy} disabled={!token || outcome !== null}>
						{props.buttonLabel}
					</Button>
				</form>
				{(token === null || outcome?.ok === false) && (
					<p className="mt-4 text-center text-sm">
						<a href={props.renewLink.href} className="font-medium text-primary-700 hover:underline">
							{props.renewLink.label}
						</a>
					</p>
				)}
				<p className="mt-4 text-center text-sm">
					<a href={after.href} className="font-medium text-primary-700 hover:underline">
						{after.label}
					</a>
				</p>
			</CardContent>
		</Card>
	);
}
