import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { HexColorInput, HexColorPicker } from 'react-colorful';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_HOMEPAGE_COLOR, PICKER_COLOR, modalSettingsSchema, staffMessages } from '@careslot/contracts/staff';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { paths } from '../../../lib/paths';
import { gallery, homepage, saveModal, setHomepageColor, setHomepageImage, uploadGallery } from '../api/staff-api';
import { AdminShell, useStaffCan } from '../components/admin-shell';
import { colorModels } from '../components/color-models';
import styles from '../components/admin.module.css';

/** Gallery and homepage settings (docs/staff-admin.md, Homepage and gallery). */
export default function AdminGalleryPage() {
  const client = useQueryClient();
  const canEdit = useStaffCan('editHomepage');
  const home = useQuery({ queryKey: ['staff', 'homepage'], queryFn: homepage });
  const images = useQuery({ queryKey: ['staff', 'gallery'], queryFn: gallery });
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const done = (text: string) => {
    setNotice({ tone: 'success', text });
    void client.invalidateQueries({ queryKey: ['staff'] });
  };
  const failed = (err: Error) => setNotice({ tone: 'error', text: err.message });

  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: uploadGallery,
    onSuccess: (r) => done(staffMessages.imageUploaded(r.image_url)),
    onError: failed,
  });
  const setImage = useMutation({ mutationFn: setHomepageImage, onSuccess: () => done(staffMessages.imageUpdated), onError: failed });

  // Edits start from the saved settings; until the staff member changes a field, it shows what is saved.
  const [colorEdit, setColor] = useState<string | null>(null);
  const color = colorEdit ?? (home.data ? home.data.color || DEFAULT_HOMEPAGE_COLOR : PICKER_COLOR);
  const saveColor = useMutation({ mutationFn: setHomepageColor, onSuccess: () => done(staffMessages.colorUpdated), onError: failed });
  const models = colorModels(color);

  const [headingEdit, setHeading] = useState<string | null>(null);
  const [descriptionEdit, setDescription] = useState<string | null>(null);
  const [enabledEdit, setEnabled] = useState<boolean | null>(null);
  const heading = headingEdit ?? home.data?.modal_heading ?? '';
  const description = descriptionEdit ?? home.data?.modal_description ?? '';
  const enabled = enabledEdit ?? home.data?.show_modal ?? false;
  const modalFile = useRef<HTMLInputElement>(null);
  const [modalErrors, setModalErrors] = useState<{ modal_heading?: string; modal_description?: string }>({});
  const modal = useMutation({ mutationFn: saveModal, onSuccess: () => done(staffMessages.modalUpdated), onError: failed });

  const onUpload = (e: FormEvent) => {
    e.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) return; // Nothing happens without a file.
    upload.mutate(file, { onSuccess: () => fileRef.current && (fileRef.current.value = '') });
  };
  const onModal = (e: FormEvent) => {
    e.preventDefault();
    const parsed = modalSettingsSchema.safeParse({ modal_heading: heading, modal_description: description, show_modal: enabled });
    if (!parsed.success) {
      const next: typeof modalErrors = {};
      for (const i of parsed.error.issues) next[i.path[0] as 'modal_heading'] ??= i.message;
      setModalErrors(next);
      return;
    }
    setModalErrors({});
    const form = new FormData();
    form.append('modal_heading', heading);
    form.append('modal_description', description);
    form.append('show_modal', String(enabled));
    const file = modalFile.current?.files?.[0];
    if (file) form.append('modal_image', file);
    modal.mutate(form);
  };

  return (
    <AdminShell title="Gallery and homepage">
      <p>
        <Link to={paths.adminHome}>Back</Link>
      </p>
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>

      <section className={styles.section} aria-labelledby="current-heading">
        <h2 id="current-heading">Current homepage image</h2>
        {home.data && (
          <div className={styles.current}>
            <img src={home.data.image_url} alt="The current homepage image" />
          </div>
        )}
      </section>

      <section className={styles.section} aria-labelledby="upload-heading">
        <h2 id="upload-heading">Upload a gallery image</h2>
        <form className={styles.filters} onSubmit={onUpload}>
          <div className="field">
            <label className="field-label" htmlFor="gallery-file">
              Image (JPEG, PNG or WebP, at most 5 MB)
            </label>
            <input id="gallery-file" ref={fileRef} type="file" accept="image/jpeg,image/png,image/webp" className="input" />
          </div>
          <Button type="submit" loading={upload.isPending}>
            Upload
          </Button>
        </form>
      </section>

      <section className={styles.section} aria-labelledby="gallery-heading">
        <h2 id="gallery-heading">Gallery</h2>
        {images.data?.items.length === 0 && <p>{staffMessages.noImages}</p>}
        <ul className={styles.thumbs}>
          {images.data?.items.map((img, i) => (
            <li key={img.id} className={styles.card}>
              <img src={img.image_url} alt={`Gallery image ${i + 1}`} loading="lazy" />
              {canEdit && (
                <Button
                  variant="secondary"
                  loading={setImage.isPending && setImage.variables === img.image_url}
                  aria-label={`Set as Homepage: gallery image ${i + 1}`}
                  onClick={() => setImage.mutate(img.image_url)}
                >
                  Set as Homepage
                </Button>
              )}
            </li>
          ))}
        </ul>
      </section>

      {canEdit && (
        <>
          <section className={styles.section} aria-labelledby="color-heading">
            <h2 id="color-heading">Homepage colour</h2>
            <div className={styles.picker}>
              <HexColorPicker color={color} onChange={setColor} aria-label="Colour picker" />
              <div>
                <div className="field">
                  <label className="field-label" htmlFor="color-hex">
                    Colour (hex)
                  </label>
                  <HexColorInput id="color-hex" className="input" color={color} onChange={setColor} prefixed />
                </div>
                <div className={styles.swatch} style={{ background: color }} aria-hidden="true" />
                <dl className={styles.models} aria-label="Colour models">
                  <dt>RGB</dt>
                  <dd>{models.rgb}</dd>
                  <dt>HSL</dt>
                  <dd>{models.hsl}</dd>
                  <dt>HSV</dt>
                  <dd>{models.hsv}</dd>
                  <dt>CMYK</dt>
                  <dd>{models.cmyk}</dd>
                </dl>
                <Button loading={saveColor.isPending} onClick={() => saveColor.mutate(color)}>
                  Set Color
                </Button>
              </div>
            </div>
          </section>

          <section className={styles.section} aria-labelledby="modal-heading">
            <h2 id="modal-heading">Modal Settings</h2>
            <form onSubmit={onModal} noValidate>
              <TextField
                label="Heading"
                required
                value={heading}
                error={modalErrors.modal_heading}
                onChange={(e) => setHeading(e.target.value)}
              />
              <TextAreaField
                label="Description"
                required
                value={description}
                error={modalErrors.modal_description}
                onChange={(e) => setDescription(e.target.value)}
              />
              <div className="field">
                <label className="field-label" htmlFor="modal-file">
                  Modal image (optional)
                </label>
                <input id="modal-file" ref={modalFile} type="file" accept="image/jpeg,image/png,image/webp" className="input" />
              </div>
              <div className="field">
                <label>
                  <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Enable Modal
                </label>
              </div>
              <Button type="submit" loading={modal.isPending}>
                Save Settings
              </Button>
            </form>
          </section>
        </>
      )}
    </AdminShell>
  );
}
