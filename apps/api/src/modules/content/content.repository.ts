import { eq } from 'drizzle-orm';
import type { ContactUsValues } from '@careslot/contracts/content';
import type { Queryable } from '../../db/client';
import { contactMessages, homepageSettings } from '../../db/schema/content';

export async function findHomepageSettings(q: Queryable, id: number) {
  const [row] = await q.select().from(homepageSettings).where(eq(homepageSettings.id, id));
  return row;
}

export async function insertContactMessage(q: Queryable, values: ContactUsValues): Promise<{ id: string }> {
  const [row] = await q.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  return row!;
}
