import { DEFAULT_HOMEPAGE_COLOR, HOMEPAGE_RECORD_ID, modalSettingsSchema, type StaffHomepage } from '@careslot/contracts/staff';
import type { Queryable } from '../../db/client';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { GALLERY_UPLOAD_FOLDER, storeImage } from '../../lib/profile-image';
import { recordAudit } from './audit';
import { findHomepage, galleryHas, insertGalleryImage, listGallery, lockHomepage, updateHomepage } from './staff.repository';
import type { StaffActor, StaffDeps } from './staff.types';

/**
 * Homepage and gallery (docs/staff-admin.md): one fixed record (HOMEPAGE_RECORD_ID). Gallery images go through the
 * same content-checked pipeline as profile pictures (lib/profile-image.ts), keeping their shape.
 */

function checkRecordId(id: number): void {
  if (id !== HOMEPAGE_RECORD_ID) throw new NotFoundError(`There is one homepage record, number ${HOMEPAGE_RECORD_ID}.`);
}

type HomepageRow = NonNullable<Awaited<ReturnType<typeof findHomepage>>>;
const shown = (r: HomepageRow): StaffHomepage => ({
  id: r.id,
  image_url: r.image_url,
  color: r.color || DEFAULT_HOMEPAGE_COLOR,
  modal_image: r.modal_image,
  show_modal: r.show_modal,
  modal_heading: r.modal_heading,
  modal_description: r.modal_description,
});

export async function homepageForStaff(q: Queryable, id: number): Promise<StaffHomepage> {
  checkRecordId(id);
  const row = await findHomepage(q, id);
  if (!row) throw new NotFoundError('Homepage settings are not set up yet.');
  return shown(row);
}

async function change(
  deps: StaffDeps,
  actor: StaffActor,
  id: number,
  action: string,
  values: Partial<Omit<HomepageRow, 'id' | 'updatedAt'>>,
): Promise<StaffHomepage> {
  checkRecordId(id);
  return deps.db.transaction(async (tx) => {
    const before = await lockHomepage(tx, id);
    if (!before) throw new NotFoundError('Homepage settings are not set up yet.');
    await updateHomepage(tx, id, values);
    const keys = Object.keys(values) as (keyof typeof values)[];
    await recordAudit(
      tx,
      actor,
      action,
      { type: 'homepage', id },
      Object.fromEntries(keys.map((k) => [k, before[k]])),
      Object.fromEntries(keys.map((k) => [k, values[k]])),
    );
    return shown({ ...before, ...values });
  });
}

export function setHomepageColor(deps: StaffDeps, actor: StaffActor, id: number, color: string) {
  return change(deps, actor, id, 'homepage.color', { color: color.toLowerCase() });
}

/** Only an image of this gallery can become the homepage image. */
export async function setHomepageImage(deps: StaffDeps, actor: StaffActor, id: number, imageUrl: string) {
  checkRecordId(id);
  if (!(await galleryHas(deps.db, id, imageUrl))) {
    throw new ValidationError('Choose an image from the gallery.', { image_url: 'Choose an image from the gallery.' });
  }
  return change(deps, actor, id, 'homepage.image', { image_url: imageUrl });
}

/** Modal Settings: heading and description required; a new image replaces the old one, none keeps it. */
export async function setHomepageModal(
  deps: StaffDeps,
  actor: StaffActor,
  id: number,
  fields: Record<string, string>,
  image: Buffer | null,
) {
  checkRecordId(id);
  const parsed = modalSettingsSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ValidationError(issue.message, { [String(issue.path[0] ?? 'modal')]: issue.message });
  }
  const modal_image = image ? await storeImage(deps.config, image, { folder: GALLERY_UPLOAD_FOLDER }) : undefined;
  return change(deps, actor, id, 'homepage.modal', { ...parsed.data, ...(modal_image ? { modal_image } : {}) });
}

export async function galleryImages(q: Queryable, id: number) {
  checkRecordId(id);
  const rows = await listGallery(q, id);
  return { items: rows.map((r) => ({ id: r.id, image_url: r.image_url, created_at: new Date(r.createdAt).toISOString() })) };
}

export async function uploadGalleryImage(deps: StaffDeps, actor: StaffActor, id: number, image: Buffer) {
  checkRecordId(id);
  const url = await storeImage(deps.config, image, { folder: GALLERY_UPLOAD_FOLDER });
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await insertGalleryImage(tx, id, url);
    await recordAudit(tx, actor, 'gallery.upload', { type: 'gallery_image', id: inserted.id }, null, { image_url: url });
    return inserted;
  });
  return { image_url: row.image_url };
}
