/// <reference types="astro/client" />

declare namespace App {
	interface Locals {
		/** The signed-in user, or null for visitors (set by the session middleware). */
		user: import('./server/auth/session').SessionUser | null;
		/** The session behind that user, used to keep it when ending the others. */
		session: import('./server/auth/session').Session | null;
	}
}
