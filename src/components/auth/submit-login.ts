/**
 * What happens after the sign-in and sign-up forms post: the toasts, the user stored, and the
 * visitor sent back to the page they came from (home by default) with the toast carried over.
 */
import { readAttribution } from '@/lib/attribution';
import { apiRequest, failureText } from '@/lib/api-client';
import { safeReturnPath } from '@/lib/return-path';
import type { PublicUser } from '@/lib/validation/auth';
import { setUser } from '@/stores/session';
import { toastAfterNavigation, toast } from '@/stores/toast';

/** Where to go after signing in: checked again here, as the prop is only as safe as its caller. */
function destination(returnTo: string | null | undefined): string {
	return safeReturnPath(returnTo) ?? '/';
}

export async function submitLogin(email: string, password: string, returnTo?: string | null): Promise<void> {
	try {
		const user = await apiRequest<Partial<PublicUser> | null>('POST', '/api/login', { email, password });
		if (!user || typeof user.id !== 'number') {
			toast({
				title: 'Login completed with issues',
				description: 'Please refresh the page if you experience any problems.',
				variant: 'warning',
			});
			return;
		}
		setUser(user as PublicUser);
		toastAfterNavigation({ title: 'Success', description: 'Successfully logged in!' });
		window.location.assign(destination(returnTo));
	} catch (error) {
		toast({
			title: 'Login failed',
			description: failureText(error, 'An unexpected error occurred'),
			variant: 'destructive',
		});
	}
}

export async function submitRegistration(
	input: {
		email: string;
		username: string;
		password: string;
	},
	returnTo?: string | null,
): Promise<void> {
	try {
		const user = await apiRequest<PublicUser>('POST', '/api/register', {
			...input,
			attribution: readAttribution(),
		});
		setUser(user);
		// The SPEC's sentence, then where to look: the new address is unverified until its link is used.
		toastAfterNavigation({
			title: 'Success',
			description: `Account created successfully! We sent a link to verify your address to ${user.email}.`,
		});
		window.location.assign(destination(returnTo));
	} catch (error) {
		toast({
			title: 'Registration failed',
			description: failureText(error, 'An unexpected error occurred'),
			variant: 'destructive',
		});
	}
}
