export default function UserProfilePage() {
  return (
    <section className="page">
      <h1>User profile</h1>
    </section>
  );
}
