-- Hand-written (drizzle-kit generate --custom): each review's kept helpful and unhelpful counts
-- filled once from its vote rows, for the votes cast before the counts were kept.
UPDATE platform_ratings SET
	helpful_votes = (
		SELECT count(*) FROM review_votes v WHERE v.rating_id = platform_ratings.id AND v.vote_type = 'helpful'
	),
	unhelpful_votes = (
		SELECT count(*) FROM review_votes v WHERE v.rating_id = platform_ratings.id AND v.vote_type = 'unhelpful'
	)
WHERE EXISTS (SELECT 1 FROM review_votes v WHERE v.rating_id = platform_ratings.id);
