import {
	COMPANY_SIZE_LABELS,
	INDUSTRY_LABELS,
	REVIEWER_ROLE_LABELS,
	SUB_RATINGS,
	SUB_RATING_LABELS,
} from '@/lib/review-profile';
import type { PlatformRating } from '@/components/platforms/types';

/** Who wrote the review, as far as they said: "Agency · 51–200 employees · Grocery". */
export function reviewerProfile(review: PlatformRating): string {
	return [
		review.reviewerRole && REVIEWER_ROLE_LABELS[review.reviewerRole],
		review.companySize && COMPANY_SIZE_LABELS[review.companySize],
		review.industry && INDUSTRY_LABELS[review.industry],
	]
		.filter(Boolean)
		.join(' · ');
}

/** A review's structured parts: pros, cons and the sub-scores it gave (nothing when none). */
export function ReviewDetails({ review }: { review: PlatformRating }) {
	const scores = SUB_RATINGS.filter((key) => review.subRatings[key] !== null);
	return (
		<>
			{(review.pros || review.cons) && (
				<dl className="mt-2 grid gap-1.5 text-sm leading-6 text-slate-700">
					{review.pros && (
						<div>
							<dt className="font-semibold text-emerald-800">Pros</dt>
							<dd className="whitespace-pre-line wrap-anywhere">{review.pros}</dd>
						</div>
					)}
					{review.cons && (
						<div>
							<dt className="font-semibold text-red-800">Cons</dt>
							<dd className="whitespace-pre-line wrap-anywhere">{review.cons}</dd>
						</div>
					)}
				</dl>
			)}
			{scores.length > 0 && (
				<ul className="mt-2 flex flex-wrap gap-1.5 text-xs" aria-label="Scores">
					{scores.map((key) => (
						<li key={key} className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-800">
							{SUB_RATING_LABELS[key]}: {review.subRatings[key]}/5
						</li>
					))}
				</ul>
			)}
		</>
	);
}
