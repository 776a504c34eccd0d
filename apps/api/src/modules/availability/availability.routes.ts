import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import {
  conflictResponseSchema,
  oneOffInputSchema,
  oneOffResponseSchema,
  previewInputSchema,
  previewResponseSchema,
  providerParamsSchema,
  providerRegionQuerySchema,
  ruleInputSchema,
  ruleParamsSchema,
  rulePatchSchema,
  ruleSavedResponseSchema,
  rulesResponseSchema,
  scheduleSettingsPatchSchema,
  scheduleSettingsResponseSchema,
  scheduleSettingsSavedSchema,
  slotListQuerySchema,
  slotListResponseSchema,
  slotParamsSchema,
  withdrawResponseSchema,
} from '@careslot/contracts/availability';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import { requireProvider, requireProviderSelf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { listSlotPage, withdrawSlot } from './provider-slots';
import { RollForwardWorker, rollForward } from './roll-forward';
import type { NewSlotsHandler, ProviderAccountCheck } from './availability.types';
import {
  changeRule,
  changeScheduleSettings,
  createOneOff,
  createRule,
  listRuleDtos,
  previewRule,
  removeRule,
  scheduleSettings,
} from './save-rule';
import { listClinics } from './availability.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily roll-forward, run by its worker; tests call it with a chosen "now". */
    availability: { rollForward(now?: Date): Promise<number> };
  }
}

const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { cookieAuth: [] }];
const errors = errorResponses(400, 401, 403, 404);
const tags = ['provider workspace'];
const who =
  "The signed-in provider's own schedule only: the path's providerId must be the caller's and providerRegion their region (403 otherwise).";

/** The caller is this provider, in this region (both checked for every workspace call). */
async function ownSchedule(check: ProviderAccountCheck, db: Queryable, req: FastifyRequest, providerId: string, region: string) {
  requireProviderSelf(req, providerId);
  return check(db, providerId, region);
}

export interface AvailabilityRoutesOptions {
  /** Told of new open slots inside the transaction that made them (app.ts hands them to the booking waitlist). */
  onNewSlots?: NewSlotsHandler;
  /** The provider module's account check (app.ts hands in `ownProvider`). */
  providerAccount: ProviderAccountCheck;
}

/** The provider's availability: rules, one-off dates, the slot list and the scheduling settings. */
const routes: FastifyPluginAsyncZod<AvailabilityRoutesOptions> = async (app, opts) => {
  const { onNewSlots, providerAccount } = opts;
  const worker = new RollForwardWorker(app.db, app.log);
  app.decorate('availability', { rollForward: (now?: Date) => rollForward(app.db, now) });
  app.addHook('onReady', async () => {
    if (app.config.OUTBOX_WORKER) worker.start();
  });
  app.addHook('onClose', async () => {
    await worker.stop();
  });

  app.get(
    '/provider/availability-rules/:providerId/',
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Your availability rules: weekly hours, one-off dates and time off',
        description: who,
        params: providerParamsSchema,
        querystring: providerRegionQuerySchema,
        response: { 200: rulesResponseSchema, ...errors },
      },
    },
    async (req) => {
      await ownSchedule(providerAccount, app.db, req, req.params.providerId, req.query.providerRegion);
      return { status: true as const, rules: await listRuleDtos(app.db, req.params.providerId) };
    },
  );

  app.post(
    '/provider/availability-rules/:providerId/',
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Add weekly hours (kind weekly, the default) or time off (kind time_off)',
        description:
          `${who} Weekly hours: weekdays (ISO, Monday 1 … Sunday 7), blocks of start_time/end_time (HH:MM, 24-hour, in the clinic's ` +
          'wall-clock time and zone), from_date, optional until_date (YYYY-MM-DD) and slot_minutes. Slots are created up to the booking horizon ' +
          'and rolled forward daily. Time off: from_date, until_date, optional blocks (none: whole days) and hospital_id (none: every clinic); ' +
          'free slots it covers are taken away, held and booked ones are kept and listed in `kept`. 409 with `conflicts` when new slots would ' +
          'overlap availability you already have at any clinic.',
        params: providerParamsSchema,
        body: ruleInputSchema,
        response: { 201: ruleSavedResponseSchema, 409: conflictResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      await ownSchedule(providerAccount, app.db, req, req.params.providerId, req.body.providerRegion);
      return reply.status(201).send(await createRule(app.db, req.params.providerId, req.body, onNewSlots));
    },
  );

  app.patch(
    '/provider/availability-rules/:providerId/:ruleId/',
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Change a rule; its future free slots are regenerated, held and booked ones are never touched',
        description:
          `${who} Send the fields to change (the same as creating a rule of its kind; a one-off date takes date, start_time, end_time). ` +
          'The answer counts the slots created and taken away, and lists in `kept` the held and booked slots that no longer fit the rule. ' +
          '409 with `conflicts` on a clash.',
        params: ruleParamsSchema,
        body: rulePatchSchema,
        response: { 200: ruleSavedResponseSchema, 409: conflictResponseSchema, ...errors },
      },
    },
    async (req) => {
      await ownSchedule(providerAccount, app.db, req, req.params.providerId, req.body.providerRegion);
      return changeRule(app.db, req.params.providerId, req.params.ruleId, req.body, onNewSlots);
    },
  );

  app.delete(
    '/provider/availability-rules/:providerId/:ruleId/',
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Delete a rule: its future free slots go, held and booked ones stay and are listed in `kept`',
        description: `${who} Deleting time off lets the other rules fill those days again.`,
        params: ruleParamsSchema,
        querystring: providerRegionQuerySchema,
        response: { 200: ruleSavedResponseSchema, ...errors },
      },
    },
    async (req) => {
      await ownSchedule(providerAccount, app.db, req, req.params.providerId, req.query.providerRegion);
      return removeRule(app.db, req.params.providerId, req.params.ruleId, onNewSlots);
    },
  );

  app.post(
    '/provider/availability/:providerId/',
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Open one day at one clinic (one-off slots)',
        description:
          `${who} date (YYYY-MM-DD, today up to 18 months ahead), start_time and end_time (HH:MM, the clinic's wall-clock time), optional ` +
          'slot_minutes. Answers { status: true, created } and the rule the day is kept as. 409 with `conflicts` on a clash.',
        params: providerParamsSchema,
        body: oneOffInputSchema,
        response: { 201: oneOffResponseSchema, 409: conflictResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      await ownSchedule(providerAccount, app.db, req, req.params.providerId, req.body.providerRegion);
      return reply.status(201).send(await createOneOff(app.db, req.params.providerId, req.body, onNewSlots));
    },
  );

  app.post(
    '/provider/availability-preview/:providerId/',
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'What weekly hours (kind weekly) or a one-off date (kind date) would create, and what they would clash with',
        description: `${who} Nothing is saved. With rule_id, the preview is of that rule changed.`,
        params: providerParamsSchema,
        body: previewInputSchema,
        response: { 200: previewResponseSchema, ...errors },
      },
    },
    async (req) => {
      await ownSchedule(providerAccount, app.db, req, req.params.providerId, req.body.providerRegion);
      return previewRule(app.db, req.params.providerId, req.body);
    },
  );

  app.get(
    '/provider/availability/:providerId/',
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Your slots from a day on, 5 a page, each Open, Held, Booked or Withdrawn',
        description:
          `${who} from/to are local days (YYYY-MM-DD; from defaults to today). Rows give date (DD/MM/YYYY), start_time and end_time ` +
          "('h:mm AM/PM') in the clinic's zone. Filter by hospital_id or status; page_size (up to 500) serves the week view.",
        params: providerParamsSchema,
        querystring: slotListQuerySchema,
        response: { 200: slotListResponseSchema, ...errors },
      },
    },
    async (req) => {
      await ownSchedule(providerAccount, app.db, req, req.params.providerId, req.query.providerRegion);
      const [main] = await listClinics(app.db, req.params.providerId);
      const zone = main?.time_zone ?? (req.query.providerRegion === 'usa' ? 'America/New_York' : 'Europe/London');
      return listSlotPage(app.db, req.params.providerId, zone, req.query);
    },
  );

  app.delete(
    '/provider/availability/:providerId/:slotId/',
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Withdraw a free slot',
        description: `${who} A held or booked slot answers 409 'This slot is booked: cancel the appointment instead.'`,
        params: slotParamsSchema,
        querystring: providerRegionQuerySchema,
        response: { 200: withdrawResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      await ownSchedule(providerAccount, app.db, req, req.params.providerId, req.query.providerRegion);
      return withdrawSlot(app.db, req.params.providerId, req.params.slotId);
    },
  );

  app.get(
    '/provider/availability-settings/:providerId/',
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Your scheduling settings: slot length, buffer, minimum notice, booking horizon',
        description: `${who} slot_minutes null means the consultation length. Defaults: no buffer, 120 minutes' notice, 90 days ahead.`,
        params: providerParamsSchema,
        querystring: providerRegionQuerySchema,
        response: { 200: scheduleSettingsResponseSchema, ...errors },
      },
    },
    async (req) => {
      await ownSchedule(providerAccount, app.db, req, req.params.providerId, req.query.providerRegion);
      return { status: true as const, settings: await scheduleSettings(app.db, req.params.providerId) };
    },
  );

  app.patch(
    '/provider/availability-settings/:providerId/',
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Change your scheduling settings',
        description:
          `${who} Slot length, buffer and horizon regenerate the future free slots of every rule (held and booked ones stay, listed in ` +
          '`kept`); the minimum notice applies at once to every open future slot. 409 with `conflicts` on a clash.',
        params: providerParamsSchema,
        body: scheduleSettingsPatchSchema,
        response: { 200: scheduleSettingsSavedSchema, 409: conflictResponseSchema, ...errors },
      },
    },
    async (req) => {
      await ownSchedule(providerAccount, app.db, req, req.params.providerId, req.body.providerRegion);
      return changeScheduleSettings(app.db, req.params.providerId, req.body, onNewSlots);
    },
  );
};

export const availabilityRoutes = fp(routes, { name: 'availability' });
