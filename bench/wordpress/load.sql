-- The exported files into an installed WordPress (bench/wordpress/setup.sh), replacing its content.
SET unique_checks=0; SET foreign_key_checks=0;
DELETE FROM wp_posts; DELETE FROM wp_comments; DELETE FROM wp_term_relationships; DELETE FROM wp_users WHERE ID > 1;
DELETE FROM wp_terms WHERE term_id > 1; DELETE FROM wp_term_taxonomy WHERE term_taxonomy_id > 1;
LOAD DATA LOCAL INFILE '/tmp/wp/users.tsv' INTO TABLE wp_users CHARACTER SET utf8mb4 (ID, user_login, user_pass, user_nicename, user_email, user_url, user_registered, user_activation_key, user_status, display_name);
LOAD DATA LOCAL INFILE '/tmp/wp/terms.tsv' INTO TABLE wp_terms CHARACTER SET utf8mb4 (term_id, name, slug, term_group);
LOAD DATA LOCAL INFILE '/tmp/wp/tax.tsv' INTO TABLE wp_term_taxonomy CHARACTER SET utf8mb4 (term_taxonomy_id, term_id, taxonomy, description, parent, count);
LOAD DATA LOCAL INFILE '/tmp/wp/rel.tsv' INTO TABLE wp_term_relationships CHARACTER SET utf8mb4 (object_id, term_taxonomy_id, term_order);
LOAD DATA LOCAL INFILE '/tmp/wp/posts.tsv' INTO TABLE wp_posts CHARACTER SET utf8mb4 (ID, post_author, post_date, post_date_gmt, post_content, post_title, post_excerpt, post_status, comment_status, ping_status, post_password, post_name, to_ping, pinged, post_modified, post_modified_gmt, post_content_filtered, post_parent, guid, menu_order, post_type, post_mime_type, comment_count);
LOAD DATA LOCAL INFILE '/tmp/wp/comments.tsv' INTO TABLE wp_comments CHARACTER SET utf8mb4 (comment_ID, comment_post_ID, comment_author, comment_author_email, comment_author_url, comment_author_IP, comment_date, comment_date_gmt, comment_content, comment_karma, comment_approved, comment_agent, comment_type, comment_parent, user_id);
UPDATE wp_term_taxonomy SET count = (SELECT count(*) FROM wp_term_relationships r JOIN wp_posts p ON p.ID = r.object_id AND p.post_status = 'publish' WHERE r.term_taxonomy_id = wp_term_taxonomy.term_taxonomy_id) WHERE taxonomy = 'category';
ANALYZE TABLE wp_posts, wp_comments, wp_term_relationships, wp_users;
