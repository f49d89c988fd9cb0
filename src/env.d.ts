/// <reference types="astro/client" />

declare namespace App {
	interface Locals {
		/** The signed-in user, or null for visitors (set by the session middleware). */
		user: import('./server/auth/session').SessionUser | null;
		/** The session behind that user, used to keep it when ending the others. */
		session: import('./server/auth/session').Session | null;
	}
}

/** Our own hydration directive (src/integrations/hydrate-on-interaction.mjs). */
declare namespace Astro {
	interface ClientDirectives {
		'client:interaction'?: boolean | { session?: string; signedIn?: boolean; fragment?: string };
	}
}
