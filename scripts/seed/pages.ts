/** The four static pages the footer links to, in markdown. */
import type { STATIC_PAGE_SLUGS } from '@/lib/categories';
import { days } from './age';
import type { Age } from './types';

export type PageSeed = {
	slug: (typeof STATIC_PAGE_SLUGS)[number];
	title: string;
	content: string;
	updated: Age;
};

export const CONTACT_EMAIL = 'hello@retailmediahub.example';

export const PAGES: PageSeed[] = [
	{
		slug: 'about-us',
		updated: days(40),
		title: 'About Us',
		content: `Retail Media Hub is an independent resource for people who buy, sell and build retail media. We help brand marketers, agencies, retailers and data teams find the right platforms, understand the market and learn from each other.

## What we do

- **Platform directory.** Profiles of retail media networks, DSPs, commerce media and ad technology, with pricing models, features, pros and cons. Browse the [platform directory](/platforms) or [compare platforms](/compare) side by side.
- **Community reviews.** Practitioners rate and review the platforms they use, and discuss them in moderated comments.
- **News and education.** Analysis of what is changing in the industry and practical guides for every role.
- **Podcast.** Conversations with the people building retail media, on the [Retail Media Hub podcast](/podcast).

## Our principles

1. **Independence.** Platforms cannot pay to change their ratings or reviews.
2. **Transparency.** We say when content is sponsored, and we explain how recommendations are made.
3. **Practitioners first.** We write for the people doing the work, not for press releases.

> Good decisions in retail media come from comparable information. Our job is to make it easier to find.

## Who we are

Retail Media Hub is run by a small editorial team with backgrounds in brand marketing, ad operations and retail analytics. We are supported by a community of more than 15,000 professionals who read our newsletter.

Have a tip, a correction or a platform we should list? [Get in touch](/contact).`,
	},
	{
		slug: 'contact',
		updated: days(12),
		title: 'Contact',
		content: `We would love to hear from you — whether you have a question, a story tip or a platform to suggest.

## General enquiries

Email us at [${CONTACT_EMAIL}](mailto:${CONTACT_EMAIL}). We aim to reply within two working days.

## Editorial

- **News tips and corrections:** [editorial@retailmediahub.example](mailto:editorial@retailmediahub.example)
- **Guest articles:** send a short outline first; we publish practitioner-written guides with no sales pitch.
- **Podcast guests:** tell us about the topic and why your experience is relevant.

## Platforms

If you represent a platform and want to be listed, or need your profile updated, email [platforms@retailmediahub.example](mailto:platforms@retailmediahub.example) with:

1. The platform's name and website
2. A short description and its category
3. Pricing model and key features

We do not accept payment for listings, ratings or reviews.

## Community and moderation

To report a comment or review, email [moderation@retailmediahub.example](mailto:moderation@retailmediahub.example) with a link to the platform page. For account questions, including bans, write to the general address above from the email you signed up with.

> Please do not send passwords or other sensitive information by email. We will never ask for your password.`,
	},
	{
		slug: 'privacy-policy',
		updated: days(90),
		title: 'Privacy Policy',
		content: `This policy explains what personal data Retail Media Hub collects, why, and what choices you have.

## Data we collect

- **Account data:** your email address, username and a securely hashed password when you register.
- **Community content:** ratings, reviews, comments and votes you post, with your username.
- **Preferences:** whether you subscribe to our newsletter.
- **Technical data:** the two cookies that keep you signed in (see Cookies below), and basic server logs (IP address, time and page requested) kept for security.

We do not sell personal data, and we do not use third-party advertising trackers on this site.

## How we use it

1. To run your account and let you sign in
2. To show your reviews and comments with your username
3. To send the newsletter if you subscribe, and service emails such as password resets
4. To protect the site from abuse, for example by limiting repeated sign-in attempts

## Cookies

We use two essential cookies, both set when you sign in and removed when you sign out: \`session\` keeps you signed in, and \`signed_in\` holds nothing about you and only tells our pages that you may be signed in. They expire after 30 days of inactivity. No analytics or advertising cookies are set.

## Retention

Account data is kept while your account exists. Server logs are deleted after 30 days. If you ask us to delete your account, your reviews are removed and your comments are shown as anonymous.

## Your rights

You can change your email, password and newsletter preference on your [profile](/profile) at any time. To access, correct or delete your data, email [privacy@retailmediahub.example](mailto:privacy@retailmediahub.example).

> We keep this policy short on purpose. If anything is unclear, ask us.

We will post any changes on this page and update the date shown above.`,
	},
	{
		slug: 'terms-of-service',
		updated: days(90),
		title: 'Terms of Service',
		content: `These terms apply to your use of Retail Media Hub. By creating an account or using the site you agree to them.

## Using the site

You may browse, read and share links to our content freely. Articles and podcast episodes remain our property or that of their authors; quote them with attribution and a link.

## Accounts

- You must give a valid email address and keep your password secure.
- One person, one account. Accounts may not be shared or sold.
- You are responsible for activity on your account.

## Community content

When you post a rating, review or comment you confirm that:

1. It reflects your own genuine experience
2. You are not paid by, or employed by, the platform you review without saying so
3. It contains no unlawful, abusive or misleading material, spam or advertising

You keep ownership of what you post and give us a licence to display it on the site. Comments are moderated; we may decline, remove or anonymise content that breaks these terms.

> Reviews are only useful if they are honest. We remove reviews that appear to be paid for or coordinated.

## Suspension

We may suspend or ban accounts that break these terms, for example by posting spam or abusive content. If you believe this was a mistake, [contact us](/contact).

## Platform information

Platform profiles are prepared in good faith from public information and community input. Pricing and features change; check with the platform before buying. Ratings reflect users' opinions, not ours.

## Liability

The site is provided as is. We are not liable for decisions made on the basis of its content, to the extent the law allows.

## Changes

We may update these terms and will post changes on this page. Continued use after a change means you accept the new terms.`,
	},
];
