/**
 * The editor's "change a user's password" rules, zod-free so the dashboard dialog and
 * the endpoint apply the same checks in the same order.
 */
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-rules';

export type PasswordProblem = {
	/** The toast title ('Invalid input', 'Password too short'). */
	title: string;
	/** The sentence the server answers with. */
	message: string;
	/** The dialog's inline message. */
	inline: string;
};

export const PASSWORDS_MISMATCH: PasswordProblem = {
	title: 'Invalid input',
	message: 'Please ensure passwords match and are not empty.',
	inline: 'Passwords do not match',
};

export const PASSWORD_TOO_SHORT: PasswordProblem = {
	title: 'Password too short',
	message: 'Password must be at least 6 characters long.',
	inline: 'Password must be at least 6 characters',
};

export const PASSWORD_TOO_LONG: PasswordProblem = {
	title: 'Password too long',
	message: 'Password is too long.',
	inline: 'Password is too long',
};

/**
 * Both fields non-empty and equal first, then the length. `confirm` undefined means the caller
 * has no confirmation field (the API body is `{ password }` alone).
 */
export function adminPasswordProblem(password: string, confirm?: string): PasswordProblem | null {
	if (password === '' || confirm === '' || (confirm !== undefined && confirm !== password)) {
		return PASSWORDS_MISMATCH;
	}
	if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
	if (password.length > MAX_PASSWORD_LENGTH) return PASSWORD_TOO_LONG;
	return null;
}
