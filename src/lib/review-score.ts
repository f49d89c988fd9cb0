/**
 * The published method of a platform's score (/methodology states it in words): the weighted
 * mean of its counted reviews' stars. A review's weight halves each year of its age, and halves
 * again if the vendor invited it and again if the reviewer received something for it. Reviews
 * left out of the numbers (affiliated, banned authors', removed) weigh nothing.
 */

/** Days after which a review weighs half as much. */
export const SCORE_HALF_LIFE_DAYS = 365;
/** The factor of a review sent through a representative's invitation. */
export const VENDOR_INVITED_WEIGHT = 0.5;
/** The factor of a review whose author received something for it. */
export const INCENTIVIZED_WEIGHT = 0.5;

/** One review's weight `ageMs` after it was written (the demo seed; the service weighs in SQL). */
export function reviewWeight(ageMs: number, { vendorInvited = false, incentivized = false } = {}): number {
	const decay = 0.5 ** (ageMs / (SCORE_HALF_LIFE_DAYS * 24 * 60 * 60 * 1000));
	return decay * (vendorInvited ? VENDOR_INVITED_WEIGHT : 1) * (incentivized ? INCENTIVIZED_WEIGHT : 1);
}

/** The weighted mean from its sums, full precision (0 while nothing weighs). */
export function weightedScore(weightedStars: number, weight: number): number {
	return weight > 0 ? weightedStars / weight : 0;
}

/** A score as the API and pages give it: one decimal. */
export function shownScore(score: number): number {
	return Math.round(score * 10) / 10;
}
