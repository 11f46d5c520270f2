CREATE TABLE "user_name_words" (
	"user_id" text NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "user_name_words_user_id_word_pk" PRIMARY KEY("user_id","word")
);
--> statement-breakpoint
CREATE INDEX "user_name_words_word_idx" ON "user_name_words" USING btree ("word" collate "C","user_id");