export default function AdminGalleryPage() {
  return (
    <section className="page">
      <h1>Admin gallery</h1>
    </section>
  );
}
