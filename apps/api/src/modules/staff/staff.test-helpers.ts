import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { StaffRole } from '@careslot/contracts/staff';
import { staffUsers } from '../../db/schema/identity';
import { hashPassword } from '../../lib/password';

export const STAFF_TEST_PASSWORD = 'Staff-test-password-1';
let hash: Promise<string> | null = null;

/** A staff user of that role, with a signed access token (as sign-in would answer). */
export async function newStaff(app: FastifyInstance, role: StaffRole) {
  hash ??= hashPassword(STAFF_TEST_PASSWORD);
  const email = `${role}-${randomUUID().slice(0, 8)}@staff.example.com`;
  const [row] = await app.db
    .insert(staffUsers)
    .values({ email, role, password_hash: await hash })
    .returning();
  const access = await app.tokens.signAccess({ id: row!.id, type: 'staff', role });
  return { id: row!.id, email, role, access, auth: { authorization: `Bearer ${access}` } };
}
export type TestStaff = Awaited<ReturnType<typeof newStaff>>;

export const pngImage = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#7b3fe4' } })
    .png()
    .toBuffer();

/** A multipart body with one file and some text fields. */
export function multipartBody(field: string, data: Buffer | null, fields: Record<string, string> = {}, filename = 'picture.png') {
  const boundary = '----careslot-staff';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (data) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** `n` open half-hour slots of a provider at its first clinic, a day apart from tomorrow at 10:00 UTC. */
export async function newSlots(app: FastifyInstance, provider: { id: string; region: string; clinics: { id: string }[] }, n: number) {
  const { availabilitySlots } = await import('../../db/schema/booking');
  const day = new Date();
  day.setUTCHours(10, 0, 0, 0);
  const values = Array.from({ length: n }, (_, i) => {
    const starts = new Date(day.getTime() + (i + 1) * 86_400_000);
    return {
      provider_id: provider.id,
      hospital_id: provider.clinics[0]!.id,
      region: provider.region,
      starts_at: starts,
      ends_at: new Date(starts.getTime() + 30 * 60_000),
    };
  });
  return app.db.insert(availabilitySlots).values(values).returning();
}
