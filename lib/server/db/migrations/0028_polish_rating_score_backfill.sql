-- The rating sort's Bayesian average for the ideas reviewed before rating_score existed (lib/reviews/rules.ts,
-- bayesianRating with a prior of 5 reviews of the site-wide mean); lib/server/reviews keeps it from now on.
UPDATE ideas SET rating_score = (s.total + m.mean * 5) / (s.count + 5)
FROM (SELECT idea_id, sum(rating)::float8 AS total, count(*) AS count FROM reviews WHERE hidden_at IS NULL GROUP BY idea_id) s,
     (SELECT avg(rating)::float8 AS mean FROM reviews WHERE hidden_at IS NULL) m
WHERE ideas.id = s.idea_id;
