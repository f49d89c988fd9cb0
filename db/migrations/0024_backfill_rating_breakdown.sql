-- Hand-written (drizzle-kit generate --custom): the platform's kept breakdown (counted reviews
-- per star, sub-score averages rounded half up to one decimal) filled once for the platforms
-- rated before it was kept, as the ratings service computes it.
UPDATE platforms SET
	stars_1 = (
		SELECT count(*) FROM platform_ratings r
		WHERE r.rating = 1 AND r.platform_id = platforms.id
			AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.is_banned)
			AND NOT EXISTS (SELECT 1 FROM platform_representatives p WHERE p.user_id = r.user_id AND p.platform_id = r.platform_id)
	),
	stars_2 = (
		SELECT count(*) FROM platform_ratings r
		WHERE r.rating = 2 AND r.platform_id = platforms.id
			AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.is_banned)
			AND NOT EXISTS (SELECT 1 FROM platform_representatives p WHERE p.user_id = r.user_id AND p.platform_id = r.platform_id)
	),
	stars_3 = (
		SELECT count(*) FROM platform_ratings r
		WHERE r.rating = 3 AND r.platform_id = platforms.id
			AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.is_banned)
			AND NOT EXISTS (SELECT 1 FROM platform_representatives p WHERE p.user_id = r.user_id AND p.platform_id = r.platform_id)
	),
	stars_4 = (
		SELECT count(*) FROM platform_ratings r
		WHERE r.rating = 4 AND r.platform_id = platforms.id
			AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.is_banned)
			AND NOT EXISTS (SELECT 1 FROM platform_representatives p WHERE p.user_id = r.user_id AND p.platform_id = r.platform_id)
	),
	stars_5 = (
		SELECT count(*) FROM platform_ratings r
		WHERE r.rating = 5 AND r.platform_id = platforms.id
			AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.is_banned)
			AND NOT EXISTS (SELECT 1 FROM platform_representatives p WHERE p.user_id = r.user_id AND p.platform_id = r.platform_id)
	),
	ease_of_use_average = (
		SELECT round(avg(r.ease_of_use) * 10) / 10 FROM platform_ratings r
		WHERE r.ease_of_use IS NOT NULL AND r.platform_id = platforms.id
			AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.is_banned)
			AND NOT EXISTS (SELECT 1 FROM platform_representatives p WHERE p.user_id = r.user_id AND p.platform_id = r.platform_id)
	),
	support_average = (
		SELECT round(avg(r.support) * 10) / 10 FROM platform_ratings r
		WHERE r.support IS NOT NULL AND r.platform_id = platforms.id
			AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.is_banned)
			AND NOT EXISTS (SELECT 1 FROM platform_representatives p WHERE p.user_id = r.user_id AND p.platform_id = r.platform_id)
	),
	measurement_average = (
		SELECT round(avg(r.measurement) * 10) / 10 FROM platform_ratings r
		WHERE r.measurement IS NOT NULL AND r.platform_id = platforms.id
			AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.is_banned)
			AND NOT EXISTS (SELECT 1 FROM platform_representatives p WHERE p.user_id = r.user_id AND p.platform_id = r.platform_id)
	),
	value_for_money_average = (
		SELECT round(avg(r.value_for_money) * 10) / 10 FROM platform_ratings r
		WHERE r.value_for_money IS NOT NULL AND r.platform_id = platforms.id
			AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.is_banned)
			AND NOT EXISTS (SELECT 1 FROM platform_representatives p WHERE p.user_id = r.user_id AND p.platform_id = r.platform_id)
	);
