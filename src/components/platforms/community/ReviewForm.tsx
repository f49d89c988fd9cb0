import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { platformPath } from '@/lib/public-paths';
import { apiRequest } from '@/lib/api-client';
import {
	DEFAULT_RATING,
	MAX_REVIEW_LENGTH,
	MAX_REVIEW_PART_LENGTH,
	REPRESENTATIVE_CANNOT_RATE,
	SIGN_IN_TO_RATE,
} from '@/lib/validation/platform-messages';
import {
	REVIEW_FILTERS,
	REVIEW_FILTER_OPTIONS,
	SUB_RATINGS,
	SUB_RATING_LABELS,
	type ReviewFilterKey,
	type SubRatings,
} from '@/lib/review-profile';
import { clearDraft, readDraft, saveDraft } from '@/stores/drafts';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { Textarea } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { FilterSelect } from '@/components/content/FilterSelect';
import type { PlatformRating, RateResponse } from '@/components/platforms/types';
import { ensureSignedIn, reportFailure } from './session';
import { SignInPrompt } from './SignInPrompt';
import { StarInput } from './StarInput';
import { InvitationLinks } from './InvitationLinks';
import { useTypedBeforeHydration } from '@/components/ui/use-typed-before-hydration';

export type ReviewFormProps = {
	platformId: number;
	platformSlug: string;
	platformName: string;
	signedOut: boolean;
	/** The viewer represents this platform: they may reply to its reviews, not rate it. */
	represents: boolean;
	/** The viewer's earlier rating, if any: the form starts from it and updates it. */
	own: PlatformRating | undefined;
	onRated: (response: RateResponse) => void;
	/** The address carries an invitation link's token: the form is what the visitor came for. */
	onInvited?: () => void;
};

/** What the reader has typed and chosen, kept until it is sent (parts: since the details came). */
type ReviewDraft = { rating: number; review: string; parts?: ReviewParts };

/** The optional parts behind "Add details": pros, cons, the sub-scores and who the reviewer is. */
type ReviewParts = {
	pros: string;
	cons: string;
	subRatings: SubRatings;
} & Record<ReviewFilterKey, string>;

/** The form asks about the reader ("Your role"); the list's filters name the same fields. */
const ABOUT_YOU_LABELS: Record<ReviewFilterKey, string> = {
	reviewerRole: 'Your role',
	companySize: 'Your company size',
	industry: 'Your industry',
};

const NO_PARTS: ReviewParts = {
	pros: '',
	cons: '',
	subRatings: { easeOfUse: null, support: null, measurement: null, valueForMoney: null },
	reviewerRole: '',
	companySize: '',
	industry: '',
};

function partsOf(own: PlatformRating): ReviewParts {
	return {
		pros: own.pros ?? '',
		cons: own.cons ?? '',
		subRatings: own.subRatings,
		reviewerRole: own.reviewerRole ?? '',
		companySize: own.companySize ?? '',
		industry: own.industry ?? '',
	};
}

/** The body's optional parts: empty ones left out, as the API treats them. */
function partsBody(parts: ReviewParts): Record<string, unknown> {
	const body: Record<string, unknown> = {};
	if (parts.pros.trim()) body.pros = parts.pros.trim();
	if (parts.cons.trim()) body.cons = parts.cons.trim();
	if (SUB_RATINGS.some((key) => parts.subRatings[key] !== null)) body.subRatings = parts.subRatings;
	for (const key of REVIEW_FILTERS) if (parts[key]) body[key] = parts[key];
	return body;
}

const isScore = (value: unknown) =>
	value === null || (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5);

/** A stored draft's details, if they still fit the form (a draft may predate a change of it). */
function asReviewParts(value: unknown): ReviewParts | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const parts = value as Record<string, unknown>;
	const scores = parts.subRatings as Record<string, unknown> | null | undefined;
	if (typeof parts.pros !== 'string' || typeof parts.cons !== 'string') return undefined;
	if (typeof scores !== 'object' || scores === null || !SUB_RATINGS.every((key) => isScore(scores[key])))
		return undefined;
	const choices = REVIEW_FILTERS.map((key) => parts[key]);
	if (
		!REVIEW_FILTERS.every(
			(key, index) =>
				choices[index] === '' ||
				(typeof choices[index] === 'string' && choices[index] in REVIEW_FILTER_OPTIONS[key].options),
		)
	) {
		return undefined;
	}
	return {
		pros: parts.pros,
		cons: parts.cons,
		subRatings: Object.fromEntries(SUB_RATINGS.map((key) => [key, scores[key]])) as SubRatings,
		...(Object.fromEntries(REVIEW_FILTERS.map((key) => [key, parts[key]])) as Record<
			ReviewFilterKey,
			string
		>),
	};
}

function asReviewDraft(value: unknown): ReviewDraft | null {
	if (typeof value !== 'object' || value === null) return null;
	const { rating, review, parts } = value as Record<string, unknown>;
	if (!Number.isInteger(rating) || (rating as number) < 1 || (rating as number) > 5) return null;
	return typeof review === 'string'
		? { rating: rating as number, review, parts: asReviewParts(parts) }
		: null;
}

/**
 * 1 to 5 stars (default 5) and an optional review, trimmed and left out when empty; pros, cons,
 * four sub-scores and who the reviewer is wait behind "Add details", so a quick rating stays
 * quick (progressive disclosure, as G2's form does). What the reader writes in the review is
 * kept as a draft of this platform until it is sent, so a visitor who follows "Sign in to
 * rate", signs up and comes back finds it again.
 */
export function ReviewForm({
	platformId,
	platformSlug,
	platformName,
	signedOut,
	represents,
	own,
	onRated,
	onInvited,
}: ReviewFormProps) {
	const [rating, setRating] = useState(DEFAULT_RATING);
	const [review, setReview] = useTypedBeforeHydration('review-text');
	const [parts, setParts] = useState<ReviewParts>(NO_PARTS);
	const [incentivized, setIncentivized] = useState(false);
	/** An invitation link's token (#invitation=…): the review is sent as vendor-invited. */
	const [invitation, setInvitation] = useState<string | null>(null);
	// biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form starts (onInvited only opens the form)
	useEffect(() => {
		const match = /(?:^#|&)invitation=([a-z2-7]+)/.exec(window.location.hash);
		if (!match) return;
		setInvitation(match[1]!);
		onInvited?.();
	}, []);
	const [saving, setSaving] = useState(false);
	const draftKey = `review:${platformId}`;
	/** A draft was restored: it is newer than the viewer's stored rating, which must not replace it. */
	const restoredDraft = useRef(false);

	// biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form starts; text typed before hydration wins
	useEffect(() => {
		const draft = asReviewDraft(readDraft(draftKey));
		if (!draft) return;
		restoredDraft.current = true;
		setRating(draft.rating);
		setReview((typed) => typed || draft.review);
		if (draft.parts) setParts(draft.parts);
	}, [draftKey]);

	/** The form was showing the viewer's own rating: when it goes (deleted), the form starts afresh. */
	const showedOwn = useRef(false);

	// Start from the viewer's own rating once it is known (and again if it is a different one).
	// biome-ignore lint/correctness/useExhaustiveDependencies: only a different rating (own?.id) resets the form; the viewer's edits must stay
	useEffect(() => {
		if (!own) {
			if (!showedOwn.current) return;
			showedOwn.current = false;
			setRating(DEFAULT_RATING);
			setReview('');
			setParts(NO_PARTS);
			setIncentivized(false);
			clearDraft(draftKey);
			restoredDraft.current = false;
			return;
		}
		showedOwn.current = true;
		setIncentivized(own.incentivized);
		if (restoredDraft.current) return;
		setParts(partsOf(own));
		setRating(own.rating);
		setReview(own.review ?? '');
	}, [own?.id]);

	/** Saved on each change (not in an effect, which would save the empty form over the draft first). */
	function edit(next: Partial<ReviewDraft>) {
		const draft: ReviewDraft = { rating, review, parts, ...next };
		if (next.rating !== undefined) setRating(next.rating);
		if (next.review !== undefined) setReview(next.review);
		if (next.parts !== undefined) setParts(next.parts);
		saveDraft(draftKey, draft);
	}

	async function submit(event: SubmitEvent<HTMLFormElement>) {
		event.preventDefault();
		if (saving || !(await ensureSignedIn(SIGN_IN_TO_RATE))) return;
		const text = review.trim();
		setSaving(true);
		try {
			const response = await apiRequest<RateResponse>('POST', `/api/platforms/${platformId}/ratings`, {
				rating,
				...(text ? { review: text } : {}),
				...partsBody(parts),
				incentivized,
				...(invitation ? { invitation } : {}),
			});
			if (invitation) {
				// Spent: a later update is not sent with it again.
				setInvitation(null);
				window.history.replaceState(
					window.history.state,
					'',
					window.location.pathname + window.location.search,
				);
			}
			onRated(response);
			setReview(text);
			clearDraft(draftKey);
			restoredDraft.current = false;
			toast({
				title: own ? 'Rating updated' : 'Rating submitted',
				description: `Thank you for reviewing ${platformName}!`,
			});
		} catch (error) {
			reportFailure('Error', error, 'Failed to submit your rating. Please try again.');
		} finally {
			setSaving(false);
		}
	}

	if (represents) {
		// Said before any typing, not on submit: the API would refuse it (403).
		return (
			<div className="grid gap-2" data-testid="representative-note">
				<h3 className="text-base font-semibold text-ink">Rate this platform</h3>
				<p className="text-sm text-muted">{REPRESENTATIVE_CANNOT_RATE} You can reply to its reviews below.</p>
				<InvitationLinks platformId={platformId} />
			</div>
		);
	}

	return (
		<form onSubmit={submit} className="grid gap-4" aria-labelledby="rate-heading">
			<h3 id="rate-heading" className="text-base font-semibold text-ink">
				{own ? 'Update your rating' : 'Rate this platform'}
			</h3>
			{signedOut && <SignInPrompt action="rate this platform" returnTo={platformPath(platformSlug)} />}
			{invitation && (
				<p className="rounded-md bg-slate-50 p-2 text-sm text-slate-700" data-testid="invitation-note">
					{platformName} invited you to review it: your review will be labelled "Invited by vendor".
				</p>
			)}
			<StarInput legend="Your rating" value={rating} onChange={(stars) => edit({ rating: stars })} />
			<div className="grid gap-2">
				<Label htmlFor="review-text">Review (optional)</Label>
				<Textarea
					id="review-text"
					value={review}
					onChange={(event) => edit({ review: event.target.value })}
					maxLength={MAX_REVIEW_LENGTH}
					placeholder={`What is it like to work with ${platformName}?`}
					rows={4}
				/>
			</div>
			<details className="group rounded-lg border border-border bg-surface" data-testid="review-details">
				<summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-brand-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none">
					Add details (optional): pros, cons, scores, about you
				</summary>
				<div className="grid gap-4 border-t border-border p-3">
					<div className="grid gap-3 sm:grid-cols-2">
						{(['pros', 'cons'] as const).map((key) => (
							<div key={key} className="grid gap-2">
								<Label htmlFor={`review-${key}`}>{key === 'pros' ? 'Pros' : 'Cons'}</Label>
								<Textarea
									id={`review-${key}`}
									value={parts[key]}
									onChange={(event) => edit({ parts: { ...parts, [key]: event.target.value } })}
									maxLength={MAX_REVIEW_PART_LENGTH}
									rows={2}
								/>
							</div>
						))}
					</div>
					<fieldset className="grid gap-3 sm:grid-cols-2">
						<legend className="mb-2 text-sm font-medium text-ink">Scores</legend>
						{SUB_RATINGS.map((key) => (
							<FilterSelect
								key={key}
								id={`review-score-${key}`}
								label={SUB_RATING_LABELS[key]}
								value={parts.subRatings[key] === null ? '' : String(parts.subRatings[key])}
								onChange={(value) =>
									edit({
										parts: {
											...parts,
											subRatings: { ...parts.subRatings, [key]: value ? Number(value) : null },
										},
									})
								}
							>
								<option value="">Not scored</option>
								{[5, 4, 3, 2, 1].map((stars) => (
									<option key={stars} value={stars}>
										{stars} of 5
									</option>
								))}
							</FilterSelect>
						))}
					</fieldset>
					<fieldset className="grid gap-3 sm:grid-cols-3">
						<legend className="mb-2 text-sm font-medium text-ink">About you</legend>
						{REVIEW_FILTERS.map((key) => (
							<FilterSelect
								key={key}
								id={`review-about-${key}`}
								label={ABOUT_YOU_LABELS[key]}
								value={parts[key]}
								onChange={(value) => edit({ parts: { ...parts, [key]: value } })}
							>
								<option value="">Prefer not to say</option>
								{Object.entries(REVIEW_FILTER_OPTIONS[key].options).map(([value, label]) => (
									<option key={value} value={value}>
										{label}
									</option>
								))}
							</FilterSelect>
						))}
					</fieldset>
				</div>
			</details>
			<fieldset className="grid gap-1">
				<legend className="text-sm font-medium text-ink">Did you receive anything for this review?</legend>
				<label className="flex items-center gap-2 text-sm text-slate-700">
					<input
						type="checkbox"
						checked={incentivized}
						onChange={(event) => setIncentivized(event.target.checked)}
						className="size-4 accent-brand-700"
						data-testid="review-incentivized-input"
					/>
					Yes: a gift card, a discount, a fee or anything else
				</label>
				<p className="text-xs text-muted">Such reviews are labelled and weigh half in the score.</p>
			</fieldset>
			<Button type="submit" loading={saving} className="justify-self-start">
				{own ? 'Update Rating' : 'Submit Rating'}
			</Button>
		</form>
	);
}
