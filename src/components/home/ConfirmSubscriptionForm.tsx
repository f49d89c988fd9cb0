/** The /newsletter/confirm island: confirms an email-only subscription from its mailed link. */
import { CONFIRMATION_LINK_INVALID } from '@/lib/validation/newsletter';
import { ConfirmLinkCard } from '@/components/ui/ConfirmLinkCard';

export default function ConfirmSubscriptionForm() {
	return (
		<ConfirmLinkCard
			title="Confirm your subscription"
			description="Press the button to get the Retail Media Hub weekly briefing at this address."
			buttonLabel="Confirm my subscription"
			endpoint="/api/newsletter/confirm"
			missingLinkText={CONFIRMATION_LINK_INVALID}
			failureFallback="Failed to confirm your subscription. Please try again."
			doneLink={{ href: '/newsletter', label: 'Read past issues' }}
			renewLink={{ href: '/#newsletter', label: 'Send me a new link' }}
			outcomeTestId="confirm-outcome"
		/>
	);
}
