/** The /verify-email island: confirms an account's address from its mailed link. */
import { loadUser } from '@/stores/session';
import { ConfirmLinkCard } from '@/components/ui/ConfirmLinkCard';

export default function VerifyEmailForm() {
	return (
		<ConfirmLinkCard
			title="Verify your email"
			description="Press the button to confirm that this address is yours."
			buttonLabel="Confirm my email"
			endpoint="/api/auth/verify-email"
			missingLinkText="The verification link is invalid or missing."
			failureFallback="Failed to verify your email. Please try again."
			doneLink={{ href: '/profile', label: 'Go to your profile' }}
			renewLink={{ href: '/profile', label: 'Ask for a new link from your profile' }}
			outcomeTestId="verify-outcome"
			// A signed-in page elsewhere (header, profile) sees the verified or changed address.
			onConfirmed={() => loadUser(true)}
		/>
	);
}
