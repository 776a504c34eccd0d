export default function DoctorProfilePage() {
  return (
    <section className="page">
      <h1>Doctor profile</h1>
    </section>
  );
}
