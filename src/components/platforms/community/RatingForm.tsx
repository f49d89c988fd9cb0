import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { apiRequest } from '@/lib/api-client';
import { DEFAULT_RATING, MAX_REVIEW_LENGTH, SIGN_IN_TO_RATE } from '@/lib/validation/platform-messages';
import { clearDraft, readDraft, saveDraft } from '@/stores/drafts';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { Textarea } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import type { PlatformRating, RateResponse } from '@/components/platforms/types';
import { ensureSignedIn, reportFailure } from './session';
import { SignInPrompt } from './SignInPrompt';
import { StarInput } from './StarInput';
import { useTypedBeforeHydration } from '@/components/ui/use-typed-before-hydration';

export type RatingFormProps = {
	platformId: number;
	platformName: string;
	signedOut: boolean;
	/** The viewer's earlier rating, if any: the form starts from it and updates it. */
	own: PlatformRating | undefined;
	onRated: (response: RateResponse) => void;
};

type ReviewDraft = { rating: number; review: string };

function asReviewDraft(value: unknown): ReviewDraft | null {
	if (typeof value !== 'object' || value === null) return null;
	const { rating, review } = value as Record<string, unknown>;
	if (!Number.isInteger(rating) || (rating as number) < 1 || (rating as number) > 5) return null;
	return typeof review === 'string' ? { rating: rating as number, review } : null;
}

/**
 * 1 to 5 stars (default 5) and an optional review, trimmed and left out when empty. What the
 * reader writes is kept as a draft of this platform until it is sent, so a visitor who follows
 * "Sign in to rate", signs up and comes back finds it again.
 */
export function RatingForm({ platformId, platformName, signedOut, own, onRated }: RatingFormProps) {
	const [rating, setRating] = useState(DEFAULT_RATING);
	const [review, setReview] = useTypedBeforeHydration('review-text');
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

	// Start from the viewer's own rating once it is known (and again if it is a different one).
	// biome-ignore lint/correctness/useExhaustiveDependencies: only a different rating (own?.id) resets the form; the viewer's edits must stay
	useEffect(() => {
		if (!own || restoredDraft.current) return;
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
			const response = await apiRequest<RateResponse>(
				'POST',
				`/api/platforms/${platformId}/ratings`,
				text ? { rating, review: text } : { rating },
			);
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
			<Button type="submit" loading={saving} className="justify-self-start">
				{own ? 'Update Rating' : 'Submit Rating'}
			</Button>
		</form>
	);
}
