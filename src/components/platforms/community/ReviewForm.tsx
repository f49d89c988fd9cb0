import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { apiRequest } from '@/lib/api-client';
import {
	DEFAULT_RATING,
	MAX_REVIEW_LENGTH,
	MAX_REVIEW_PART_LENGTH,
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
import { useTypedBeforeHydration } from '@/components/ui/use-typed-before-hydration';

export type ReviewFormProps = {
	platformId: number;
	platformName: string;
	signedOut: boolean;
	/** The viewer's earlier rating, if any: the form starts from it and updates it. */
	own: PlatformRating | undefined;
	onRated: (response: RateResponse) => void;
};

type ReviewDraft = { rating: number; review: string };

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

function asReviewDraft(value: unknown): ReviewDraft | null {
	if (typeof value !== 'object' || value === null) return null;
	const { rating, review } = value as Record<string, unknown>;
	if (!Number.isInteger(rating) || (rating as number) < 1 || (rating as number) > 5) return null;
	return typeof review === 'string' ? { rating: rating as number, review } : null;
}

/**
 * 1 to 5 stars (default 5) and an optional review, trimmed and left out when empty; pros, cons,
 * four sub-scores and who the reviewer is wait behind "Add details", so a quick rating stays
 * quick (progressive disclosure, as G2's form does). What the reader writes in the review is
 * kept as a draft of this platform until it is sent, so a visitor who follows "Sign in to
 * rate", signs up and comes back finds it again.
 */
export function ReviewForm({ platformId, platformName, signedOut, own, onRated }: ReviewFormProps) {
	const [rating, setRating] = useState(DEFAULT_RATING);
	const [review, setReview] = useTypedBeforeHydration('review-text');
	const [parts, setParts] = useState<ReviewParts>(NO_PARTS);
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
			clearDraft(draftKey);
			restoredDraft.current = false;
			return;
		}
		showedOwn.current = true;
		setParts(partsOf(own));
		if (restoredDraft.current) return;
		setRating(own.rating);
		setReview(own.review ?? '');
	}, [own?.id]);

	/** Saved on each change (not in an effect, which would save the empty form over the draft first). */
	function edit(next: Partial<ReviewDraft>) {
		const draft = { rating, review, ...next };
		if (next.rating !== undefined) setRating(next.rating);
		if (next.review !== undefined) setReview(next.review);
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
			});
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

	return (
		<form onSubmit={submit} className="grid gap-4" aria-labelledby="rate-heading">
			<h3 id="rate-heading" className="text-base font-semibold text-ink">
				{own ? 'Update your rating' : 'Rate this platform'}
			</h3>
			{signedOut && <SignInPrompt action="rate this platform" />}
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
									onChange={(event) => setParts({ ...parts, [key]: event.target.value })}
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
									setParts({
										...parts,
										subRatings: { ...parts.subRatings, [key]: value ? Number(value) : null },
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
								onChange={(value) => setParts({ ...parts, [key]: value })}
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
			<Button type="submit" loading={saving} className="justify-self-start">
				{own ? 'Update Rating' : 'Submit Rating'}
			</Button>
		</form>
	);
}
