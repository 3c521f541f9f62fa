CREATE TABLE "listing_counts" (
	"place_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"ideas" integer NOT NULL,
	CONSTRAINT "listing_counts_place_id_category_id_pk" PRIMARY KEY("place_id","category_id")
);
