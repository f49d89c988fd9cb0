-- Hand-written (drizzle-kit generate --custom): banned authors' and representatives' own reviews
-- no longer count, so every platform's stored rating and review_count are recomputed once, as
-- the ratings service does (the average rounded half up to one decimal).
UPDATE platforms SET
	review_count = (
		SELECT count(*) FROM platform_ratings r
		WHERE r.platform_id = platforms.id
			AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.is_banned)
			AND NOT EXISTS (SELECT 1 FROM platform_representatives p WHERE p.user_id = r.user_id AND p.platform_id = r.platform_id)
	),
	rating = coalesce((
		SELECT round(sum(r.rating) * 10.0 / count(*)) / 10.0 FROM platform_ratings r
		WHERE r.platform_id = platforms.id
			AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.is_banned)
			AND NOT EXISTS (SELECT 1 FROM platform_representatives p WHERE p.user_id = r.user_id AND p.platform_id = r.platform_id)
		HAVING count(*) > 0
	), 0);
