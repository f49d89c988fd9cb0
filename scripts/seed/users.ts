/**
 * Seeded accounts: the two demo sign-ins (shown in the README and used by tests) and a small
 * community whose ratings, comments and votes make the platform pages look lived-in.
 */
import type { UserRole } from '@/lib/column-values';
import { days } from './age';
import type { Age } from './types';

export type SeedUser = {
	username: string;
	email: string;
	password: string;
	role: UserRole;
	isBanned: boolean;
	isNewsletterSubscribed: boolean;
	joined: Age;
	/** The name bylines show; absent: the username. */
	displayName?: string;
};

/**
 * Demo sign-ins. Neither account rates, comments or votes in the seed, so a tester signed in
 * as either starts with a clean slate on every platform.
 */
export const DEMO_ACCOUNTS = {
	editor: {
		email: 'editor@example.com',
		username: 'editor',
		password: 'editor123',
		role: 'editor',
	},
	user: { email: 'user@example.com', username: 'demo_user', password: 'user123', role: 'user' },
} as const;

/** One shared password, so seeding hashes it once for the whole community. */
export const COMMUNITY_PASSWORD = 'community123';

/** The community member who is banned, for the moderation and sign-in screens. */
export const BANNED_USERNAME = 'banned_user';

const community = (
	username: string,
	email: string,
	joinedDaysAgo: number,
	isNewsletterSubscribed: boolean,
): SeedUser => ({
	username,
	email,
	password: COMMUNITY_PASSWORD,
	role: 'user',
	isBanned: false,
	isNewsletterSubscribed,
	joined: days(joinedDaysAgo),
});

export const SEED_USERS: SeedUser[] = [
	{
		...DEMO_ACCOUNTS.editor,
		displayName: 'Morgan Reyes',
		isBanned: false,
		isNewsletterSubscribed: true,
		joined: days(420),
	},
	{ ...DEMO_ACCOUNTS.user, isBanned: false, isNewsletterSubscribed: false, joined: days(21) },
	community('sarah_brandlead', 'sarah.lindqvist@example.com', 310, true),
	community('mike_adops', 'mike.okafor@example.com', 288, true),
	community('priya_datasci', 'priya.raman@example.com', 254, false),
	community('tom_grocerymedia', 'tom.hendricks@example.com', 230, true),
	community('elena_cpg', 'elena.marquez@example.com', 196, false),
	community('james_retailops', 'james.whitfield@example.com', 171, true),
	community('aisha_agency', 'aisha.bello@example.com', 143, false),
	community('lucas_marketplace', 'lucas.ferreira@example.com', 118, true),
	community('nina_insights', 'nina.kowalski@example.com', 97, false),
	community('dev_commerce', 'devon.park@example.com', 64, true),
	{ ...community(BANNED_USERNAME, 'banned@example.com', 150, false), isBanned: true },
];

/** Community members who may rate, comment and vote in the generated part of the seed. */
export const ACTIVE_COMMUNITY = SEED_USERS.filter(
	(user) => user.password === COMMUNITY_PASSWORD && !user.isBanned,
).map((user) => user.username);
