/**
 * Slots and whether they are free: the one owner of the free-slot rule (docs/booking.md, "Exactly one booking per
 * slot") and of availability rules and slot generation (docs/provider-workspace.md, "Availability"). Search, provider
 * profiles, check-slot, booking, the workspace and the seed use it through this file.
 */
export { countRules, freeSlotCondition, isHeldBy, isSlotFree, nextFreeSlot, withdrawSlotWith } from './availability.repository';
export { regenerateFreeSlots, takeAwayClinicAvailability } from './save-rule';
export { describeSlot, startsAtLocal } from './slot-display';
export { rollForward } from './roll-forward';
