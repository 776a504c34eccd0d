// The whole schema as one object, for drizzle's relational queries and the migrator.
export * from './schema/availability';
export * from './schema/booking';
export * from './schema/calendars';
export * from './schema/content';
export * from './schema/geo';
export * from './schema/identity';
export * from './schema/ledger';
export * from './schema/mail';
export * from './schema/providers';
