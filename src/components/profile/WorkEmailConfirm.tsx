/** The /profile/work-email island: confirms a work email from its mailed link (signed in). */
import { ConfirmLinkCard } from '@/components/ui/ConfirmLinkCard';

export default function WorkEmailConfirm() {
	return (
		<ConfirmLinkCard
			title="Verify your work email"
			description="Press the button, signed in to your account, to confirm that this work address is yours."
			buttonLabel="Confirm my work email"
			endpoint="/api/profile/work-email/confirm"
			missingLinkText="The verification link is invalid or missing."
			failureFallback="Failed to verify your work email. Please try again."
			doneLink={{ href: '/profile', label: 'Go to your profile' }}
			renewLink={{ href: '/profile', label: 'Ask for a new link from your profile' }}
			outcomeTestId="work-email-outcome"
		/>
	);
}
