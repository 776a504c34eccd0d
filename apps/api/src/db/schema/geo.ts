import { doublePrecision, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './common';

/** UK postcode centroids: areas ('SW'), districts ('SW1A'), sectors ('SW1A 1') and full units ('SW1A 1AA'). */
export const postcodeCentroids = pgTable('postcode_centroids', {
  postcode: text('postcode').primaryKey(),
  /** 'area' | 'district' | 'sector' | 'unit' */
  kind: text('kind').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
});

/** Answers of the optional postcodes.io-compatible service, cached. */
export const geocodeCache = pgTable('geocode_cache', {
  query: text('query').primaryKey(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  createdAt: createdAt(),
});
