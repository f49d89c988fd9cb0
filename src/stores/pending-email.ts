/**
 * The profile's email change that waits for its link to be opened: loaded from the server, so
 * it shows after a reload too, and set by the change form once a link is mailed.
 * undefined = still loading, null = nothing waits, else the new address.
 */
import { atom } from 'nanostores';
import { apiRequest } from '@/lib/api-client';

export const $pendingEmail = atom<string | null | undefined>(undefined);

export async function loadPendingEmail(): Promise<void> {
	const answer = await apiRequest<{ pendingEmail: string | null }>('GET', '/api/profile/email');
	$pendingEmail.set(answer.pendingEmail);
}

/** Asks for a new address; answers the sentence to show. */
export async function requestEmailChange(email: string, currentPassword: string): Promise<string> {
	const answer = await apiRequest<{ message: string; pendingEmail: string }>('PUT', '/api/profile/email', {
		email,
		currentPassword,
	});
	$pendingEmail.set(answer.pendingEmail);
	return answer.message;
}

/** Mails the waiting change's link again; answers the sentence to show. */
export async function resendEmailChange(): Promise<string> {
	const answer = await apiRequest<{ message: string }>('POST', '/api/profile/email');
	return answer.message;
}

/** Cancels the waiting change; answers the sentence to show. */
export async function cancelEmailChange(): Promise<string> {
	const answer = await apiRequest<{ message: string }>('DELETE', '/api/profile/email');
	$pendingEmail.set(null);
	return answer.message;
}
