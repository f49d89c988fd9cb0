import { useState, type FormEvent, type RefObject } from 'react';
import { ApiError, apiRequest, failureText } from '@/lib/api-client';
import { forgotPasswordSchema } from '@/lib/validation/auth';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent } from '@/components/ui/Dialog';
import { FormMessage } from '@/components/ui/FormMessage';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';

const NEUTRAL = 'If an account with that email exists, you will receive a password reset link.';

export type ForgotPasswordDialogProps = {
	open: boolean;
	onOpenChange: (open: boolean) => void;
	/** The "Forgot your password?" button, which gets the focus back when the dialog closes. */
	triggerRef: RefObject<HTMLButtonElement | null>;
};

/**
 * The dialog shows the form, then a sent confirmation. ForgotPasswordLink imports it
 * (and Radix Dialog with it) the first time the link is used, so /auth does not ship it up front.
 */
export default function ForgotPasswordDialog({
	open,
	onOpenChange: setOpen,
	triggerRef,
}: ForgotPasswordDialogProps) {
	const [sent, setSent] = useState(false);
	const [email, setEmail] = useState('');
	const [busy, setBusy] = useState(false);
	// The address's problem, shown under the field (the same sentence the API answers).
	const [emailError, setEmailError] = useState<string | null>(null);

	function onOpenChange(next: boolean) {
		setOpen(next);
		if (!next) {
			setSent(false);
			setEmail('');
			setEmailError(null);
		}
	}

	async function onSubmit(event: FormEvent) {
		event.preventDefault();
		// The dialog sits inside the sign-in form in React's tree, and React events bubble
		// through portals: keep this submit from also submitting the sign-in form.
		event.stopPropagation();
		const parsed = forgotPasswordSchema.safeParse({ email });
		if (!parsed.success) {
			setEmailError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address.');
			document.getElementById('forgot-email')?.focus();
			return;
		}
		setBusy(true);
		try {
			await apiRequest('POST', '/api/auth/forgot-password', { email: email.trim() });
			setSent(true);
			toast({ title: 'Success', description: NEUTRAL });
		} catch (error) {
			const message = failureText(error, 'Failed to send password reset email. Please try again.');
			if (error instanceof ApiError && error.status === 400) setEmailError(message);
			else toast({ title: 'Error', description: message, variant: 'destructive' });
		} finally {
			setBusy(false);
		}
	}

	return (
		<Dialog open={open} onOpenChange={onOpenChange}>
			<DialogContent
				title={sent ? 'Check your email' : 'Reset your password'}
				description={sent ? NEUTRAL : "Enter your account's email and we'll send you a reset link."}
				// The trigger lives outside Radix (no DialogTrigger): give it the focus back, as
				// Radix does for its own trigger.
				onCloseAutoFocus={(event) => {
					event.preventDefault();
					triggerRef.current?.focus();
				}}
			>
				{sent ? (
					<Button type="button" className="w-full" onClick={() => onOpenChange(false)}>
						Back to Sign In
					</Button>
				) : (
					<form onSubmit={onSubmit} className="space-y-4" noValidate>
						<div className="space-y-1.5">
							<Label htmlFor="forgot-email">Email</Label>
							<Input
								id="forgot-email"
								type="email"
								autoComplete="email"
								value={email}
								aria-invalid={emailError ? true : undefined}
								aria-describedby={emailError ? 'forgot-email-error' : undefined}
								onChange={(e) => {
									setEmail(e.target.value);
									setEmailError(null);
								}}
							/>
							<FormMessage id="forgot-email-error">{emailError}</FormMessage>
						</div>
						<Button type="submit" className="w-full" loading={busy}>
							Send Reset Link
						</Button>
					</form>
				)}
			</DialogContent>
		</Dialog>
	);
}
