-- Posts edited before edit history existed keep their mark: the page used to show an edit when
-- the post's last change fell in another minute than its writing; such posts now read as edited
-- at their last change (their earlier text was not kept).
UPDATE "posts" SET "edited_at" = "updated_at"
WHERE "edited_at" IS NULL AND date_trunc('minute', "updated_at") <> date_trunc('minute', "created_at");
