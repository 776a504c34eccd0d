import { describe, expect, it } from 'vitest';
import { staffUserResponseSchema, staffUsersResponseSchema } from './staff';

describe('staff user records', () => {
  const user = {
    id: '6f1c8a0e-4a47-4b8f-9a50-2f57b3e6c1d2',
    email: 'a@staff.example.com',
    role: 'editor',
    created_at: '2026-11-28T09:00:00.000Z',
  };

  it('carry `_id` as the product names it, beside `id`', () => {
    expect(staffUsersResponseSchema.safeParse({ data: [{ ...user, _id: user.id }] }).success).toBe(true);
    expect(staffUsersResponseSchema.safeParse({ data: [user] }).success).toBe(false);
    expect(staffUserResponseSchema.safeParse({ status: true, message: 'ok', data: user }).success).toBe(false);
    const { id: _omit, ...withoutId } = user;
    expect(staffUserResponseSchema.safeParse({ status: true, message: 'ok', data: { ...withoutId, _id: user.id } }).success).toBe(false);
  });
});
