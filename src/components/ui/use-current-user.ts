import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { PublicUser } from '@/lib/validation/auth';
import { $user, loadUser } from '@/stores/session';

/**
 * The signed-in user for gate islands (route protection, the dashboard), loading it once.
 * Until the island has hydrated it answers undefined ("loading"), as the server did when it
 * rendered the page: the header may already know the user by then, and answering it at once
 * would make React's first client render differ from the server HTML (error #418).
 */
export function useCurrentUser(): PublicUser | null | undefined {
	const user = useStore($user);
	const [hydrated, setHydrated] = useState(false);

	useEffect(() => {
		setHydrated(true);
		void loadUser();
	}, []);

	return hydrated ? user : undefined;
}
